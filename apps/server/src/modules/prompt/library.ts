import { readFileSync } from 'node:fs';
import type { LibraryPrompt, PromptCategory } from '@chuhai/contract';

/**
 * The built-in prompt library as shipped in `library.json`: the seed of the `library_*` tables on
 * the first start, after which the console edits the tables. Checked when read: a broken file stops
 * that first start with the reason.
 */

interface LibraryFile {
  categories: {
    id: string;
    name: string;
    prompts: { id: string; title: string; summary: string; prompt: string }[];
  }[];
}

function fail(reason: string): never {
  throw new Error(`提示词库 library.json 无效：${reason}`);
}

/** Parses and checks the library file's content. */
export function parseLibrary(text: string): PromptCategory[] {
  const file = JSON.parse(text) as LibraryFile;
  if (!Array.isArray(file?.categories)) fail('缺少 categories 数组');
  const seen = new Set<string>();
  return file.categories.map((category) => {
    if (!category.id || !category.name || !Array.isArray(category.prompts))
      fail(`分类 ${JSON.stringify(category.id)} 缺少 id、name 或 prompts`);
    const prompts: LibraryPrompt[] = category.prompts.map((p) => {
      if (!/^lib-[a-z0-9-]{1,60}$/.test(p.id)) fail(`提示词 id ${JSON.stringify(p.id)} 应形如 lib-xxx`);
      if (seen.has(p.id)) fail(`提示词 id ${p.id} 重复`);
      seen.add(p.id);
      if (!p.title?.trim() || !p.prompt?.trim()) fail(`提示词 ${p.id} 缺少标题或内容`);
      return { id: p.id, msgTagTitleName: p.title, summary: p.summary ?? '', prompt: p.prompt };
    });
    return { id: category.id, name: category.name, prompts };
  });
}

/** The shipped library file, parsed and checked. */
export function shippedLibrary(): PromptCategory[] {
  return parseLibrary(readFileSync(new URL('./library.json', import.meta.url), 'utf8'));
}
