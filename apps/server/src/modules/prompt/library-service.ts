import { randomBytes } from 'node:crypto';
import {
  type AdminLibraryCategory,
  type LibraryCategoryBody,
  type LibraryPromptBody,
  type PromptCategory,
  ResultCode,
} from '@chuhai/contract';
import { seedOnce } from '../../db/seed-once.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { shippedLibrary } from './library.ts';
import * as library from './library-repository.ts';

/**
 * The built-in prompt library: seeded once from `library.json`, then edited in the console
 * (categories and prompts, their order, shown or hidden). Users' own tags are not touched.
 */
export type LibraryDeps = Pick<AppDeps, 'db' | 'clock'>;

export async function seedLibrary(deps: LibraryDeps): Promise<void> {
  const now = deps.clock.now();
  await seedOnce(deps.db, 'prompt-library', now, async (trx) => {
    for (const [c, category] of shippedLibrary().entries()) {
      await library.upsertCategory(
        trx,
        category.id,
        { name: category.name, enabled: true, sortOrder: (c + 1) * 10 },
        false,
      );
      for (const [p, prompt] of category.prompts.entries())
        await library.insertPrompt(
          trx,
          prompt.id,
          {
            categoryId: category.id,
            title: prompt.msgTagTitleName,
            summary: prompt.summary,
            prompt: prompt.prompt,
            enabled: true,
            sortOrder: (p + 1) * 10,
          },
          now,
        );
    }
  });
}

/** Everything, hidden parts included, for the console. */
export async function adminLibrary(deps: LibraryDeps): Promise<AdminLibraryCategory[]> {
  const [categories, prompts] = await Promise.all([
    library.allCategories(deps.db),
    library.allPrompts(deps.db),
  ]);
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    enabled: Number(c.enabled) === 1,
    sortOrder: Number(c.sort_order),
    prompts: prompts
      .filter((p) => p.category_id === c.id)
      .map((p) => ({
        id: p.id,
        categoryId: p.category_id,
        title: p.title,
        summary: p.summary,
        prompt: p.prompt,
        enabled: Number(p.enabled) === 1,
        sortOrder: Number(p.sort_order),
      })),
  }));
}

/** `getMsgTagCategoryList`: the shown categories and prompts, optionally one category or a keyword. */
export async function shownLibrary(
  deps: LibraryDeps,
  filter: { categoryId?: string; keyword?: string },
): Promise<PromptCategory[]> {
  const keyword = filter.keyword?.trim().toLowerCase();
  return (await adminLibrary(deps))
    .filter((c) => c.enabled && (!filter.categoryId || c.id === filter.categoryId))
    .map((c) => ({
      id: c.id,
      name: c.name,
      prompts: c.prompts
        .filter((p) => p.enabled && (!keyword || `${p.title} ${p.summary}`.toLowerCase().includes(keyword)))
        .map((p) => ({ id: p.id, msgTagTitleName: p.title, summary: p.summary, prompt: p.prompt })),
    }))
    .filter((c) => c.prompts.length > 0 || !keyword);
}

/** A library prompt a chat may use as its system prompt, or undefined (unknown or hidden). */
export function findShownPrompt(deps: Pick<AppDeps, 'db'>, id: string) {
  return library.findShownPrompt(deps.db, id);
}

export async function saveCategory(
  deps: LibraryDeps,
  actor: Actor,
  id: string | null,
  body: LibraryCategoryBody,
): Promise<string> {
  const now = deps.clock.now();
  const target = id ?? `c-${randomBytes(4).toString('hex')}`;
  await deps.db.transaction().execute(async (trx) => {
    const exists = Boolean(await library.findCategory(trx, target));
    if (id !== null && !exists) throw new AppError(ResultCode.notFound, '分类不存在');
    await library.upsertCategory(trx, target, { ...body, name: body.name.trim() }, exists);
    await recordAudit(
      trx,
      actor,
      { action: 'library.category', target: `library:${target}`, after: body },
      now,
    );
  });
  return target;
}

export async function savePrompt(
  deps: LibraryDeps,
  actor: Actor,
  id: string | null,
  body: LibraryPromptBody,
): Promise<string> {
  const now = deps.clock.now();
  const target = id ?? `lib-${randomBytes(5).toString('hex')}`;
  const values = { ...body, title: body.title.trim(), summary: body.summary.trim() };
  await deps.db.transaction().execute(async (trx) => {
    if (!(await library.findCategory(trx, body.categoryId)))
      throw new AppError(ResultCode.badRequest, '所选分类不存在');
    if (id === null) await library.insertPrompt(trx, target, values, now);
    else if (!(await library.updatePrompt(trx, target, values, now)))
      throw new AppError(ResultCode.notFound, '提示词不存在或已删除');
    await recordAudit(
      trx,
      actor,
      { action: 'library.prompt', target: `library:${target}`, after: values },
      now,
    );
  });
  return target;
}

export async function deletePrompt(deps: LibraryDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await library.deletePrompt(trx, id)))
      throw new AppError(ResultCode.notFound, '提示词不存在或已删除');
    await recordAudit(trx, actor, { action: 'library.delete', target: `library:${id}` }, now);
  });
}
