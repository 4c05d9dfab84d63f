import {
  chinaDateTime,
  csvFile,
  findLocaliseSite,
  LISTING_CSV_HEADER,
  type ListingIssue,
  type LocaliseProduct,
  listingCsvRow,
  MARKETPLACES,
} from '@chuhai/contract';
import type { JobResultsZip } from '../../jobs/routes.ts';
import { streamingZip } from '../../lib/streaming-zip.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';

const STATUS_WORDS: Record<string, string> = {
  waiting: '未开始',
  processing: '处理中',
  failed: '失败',
  paused: '已暂停',
  cancelled: '已取消',
};

/** A folder name any system takes: no slashes or characters Windows refuses, not empty, not too long. */
export function folderName(name: string): string {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 60);
  return clean.replace(/^\.+/, '_') || '商品';
}

/** The product's name in the report and its folder: 「SKU-02 蓝牙耳机」 when it has a code. */
export const productLabel = (product: LocaliseProduct | undefined) =>
  product ? `${product.code ? `${product.code} ` : ''}${product.facts.productName}` : '';

type TaskRow = Pick<localise.LocaliseTaskRow, 'product_index' | 'site' | 'status' | 'reason' | 'result'>;

/** report.csv: a row per product × site × rule (可以上架 or why not), and a row per 术语表 term missed. */
export function reportCsv(products: LocaliseProduct[], tasks: TaskRow[]): string {
  const header = ['商品', '站点', '结论', '位置', '规则', '级别', '结果', '情况', '怎么办'];
  const rows: string[][] = [];
  for (const task of tasks) {
    const product = productLabel(products[Number(task.product_index)]);
    const site = findLocaliseSite(task.site)?.name ?? task.site;
    const result = task.result;
    if (task.status !== 'done') {
      rows.push([product, site, STATUS_WORDS[task.status] ?? task.status, '', '', '', '', task.reason, '']);
      continue;
    }
    const verdict = result.ready ? '可以上架' : '不能上架';
    for (const rule of result.rules)
      rows.push([
        product,
        site,
        verdict,
        rule.place,
        rule.ruleId,
        rule.level === 'required' ? '必须' : '建议',
        rule.pass ? '通过' : '不通过',
        rule.message,
        rule.todo,
      ]);
    for (const miss of result.glossaryMisses)
      rows.push([
        product,
        site,
        verdict,
        miss.place,
        `术语表：${miss.source}`,
        '术语',
        '未按要求',
        `应写作「${miss.expected}」`,
        '在编辑器里按术语表改正',
      ]);
  }
  return csvFile(header, rows);
}

/** A delivered task's listing as a row of the listing export's columns. */
function listingRow(product: LocaliseProduct, task: TaskRow & { updated_at: number }): string[] | null {
  const site = findLocaliseSite(task.site);
  const result = task.result;
  if (task.status !== 'done' || !site || !result.listing) return null;
  const issues: ListingIssue[] = result.rules
    .filter((r) => r.scope === 'listing' && !r.pass)
    .map((r) => ({ ruleId: r.ruleId, field: 'title', level: r.level, message: `${r.place}：${r.message}` }));
  const when = chinaDateTime(Number(task.updated_at)).replace('T', ' ');
  return listingCsvRow(
    {
      facts: product.facts,
      marketplace: site.marketplace,
      site: site.site,
      language: site.language,
      text: result.listing.text,
      issues,
    },
    { created: when, updated: when },
  );
}

/** Product folders, each named once: two products with one name get 「名称 (2)」. */
function productFolders(products: LocaliseProduct[]): string[] {
  const taken = new Set<string>();
  return products.map((product) => {
    const base = folderName(productLabel(product));
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * The job's results as one ZIP, made as it is read: `商品/站点/` with listing.csv (the listing
 * export's columns), main.jpg and pictures/; at the top report.csv and, per site, `站点.csv` with
 * every product's listing for that site. One file is read from the store at a time (see
 * streamingZip).
 */
export async function* resultsZip(
  deps: Pick<LocaliseDeps, 'db' | 'files' | 'log'>,
  jobId: number,
): AsyncGenerator<Uint8Array> {
  const job = await localise.jobThere(deps.db, jobId);
  const products = job.products;
  const folders = productFolders(products);
  const tasks = await localise.jobTasks(deps.db, jobId);
  const zip = streamingZip();
  const siteRows = new Map<string, string[][]>();
  for (const task of tasks) {
    const index = Number(task.product_index);
    const row = listingRow(products[index] as LocaliseProduct, task);
    if (!row) continue;
    siteRows.set(task.site, [...(siteRows.get(task.site) ?? []), row]);
    const folder = `${folders[index]}/${siteFolder(task.site)}`;
    zip.addText(`${folder}/listing.csv`, csvFile(LISTING_CSV_HEADER, [row]));
    for (const file of task.result.files) {
      const stored = await deps.files.get(file.key);
      if (!stored) {
        deps.log.warn({ key: file.key }, 'localise result missing from the file store');
        continue;
      }
      const name =
        file.kind === 'main' ? `main.${file.extension}` : `pictures/${file.index}.${file.extension}`;
      zip.add(`${folder}/${name}`, stored.bytes);
      yield* zip.written();
    }
  }
  for (const [site, rows] of siteRows)
    zip.addText(`${siteFolder(site)}.csv`, csvFile(LISTING_CSV_HEADER, rows));
  zip.addText('report.csv', reportCsv(products, tasks));
  yield* zip.finish();
}

/** A site's folder in the ZIP: 「亚马逊 德国站」. */
export const siteFolder = (siteId: string) => {
  const site = findLocaliseSite(siteId);
  return site ? folderName(`${MARKETPLACES[site.marketplace].name} ${site.name.split(' · ')[1]}`) : siteId;
};

/** The results ZIP behind the job's signed link (see jobs/routes.ts). */
export const RESULTS_ZIP: JobResultsZip = {
  name: 'localise',
  tables: localise.LOCALISE_TABLES,
  write: resultsZip,
  nothingYet: '还没有完成的站点',
};
