import { readFileSync } from 'node:fs';
import { Catalogue } from '@chuhai/contract';
import { Value } from 'typebox/value';

/**
 * The plans of `product.json` (PRODUCT_FILE), read and checked when the database has none yet: a
 * broken file stops the first start rather than seeding nonsense. After that the console owns them.
 */
export function loadCatalogue(file: string): Catalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`套餐文件 ${file} 不是有效的 JSON：${(error as Error).message}`);
  }
  if (!Value.Check(Catalogue, parsed)) {
    const first = [...Value.Errors(Catalogue, parsed)][0];
    throw new Error(`套餐文件 ${file} 格式不对：${first?.instancePath || '/'} ${first?.message ?? ''}`);
  }
  const ids = new Set<string>();
  for (const plan of parsed.plans) {
    if (ids.has(plan.id)) throw new Error(`套餐文件 ${file} 中的套餐 id ${plan.id} 重复`);
    ids.add(plan.id);
  }
  return parsed;
}
