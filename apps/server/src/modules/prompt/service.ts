import {
  CHAT_LIMITS,
  type CreateMsgTagBody,
  type EditMsgTagBody,
  type MsgTag,
  type MsgTagPage,
  ResultCode,
  tagPromptProblem,
  tagTitleProblem,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import { findShownPrompt } from './library-service.ts';
import * as tags from './repository.ts';

/** Prompt tags: each user's own, plus the built-in library. */
export type PromptDeps = Pick<AppDeps, 'db' | 'clock'>;

type TagRow = Awaited<ReturnType<typeof tags.findTag>> & {};

function toMsgTag(row: TagRow): MsgTag {
  return {
    id: Number(row.id),
    prompt: row.prompt,
    msgTagTitleName: row.title,
    updatedAt: Number(row.updated_at),
  };
}

function checkTag(body: { prompt: string; msgTagTitleName: string }): { title: string; prompt: string } {
  const problem = tagTitleProblem(body.msgTagTitleName) ?? tagPromptProblem(body.prompt);
  if (problem) throw new AppError(ResultCode.badRequest, problem);
  return { title: body.msgTagTitleName.trim(), prompt: body.prompt };
}

export function listTags(deps: PromptDeps, userId: number, page: PageParams): Promise<MsgTagPage> {
  return paginate(
    page,
    'tags',
    {
      rows: (window) => tags.listTags(deps.db, userId, window),
      total: () => tags.countTags(deps.db, userId),
    },
    toMsgTag,
  );
}

export async function createTag(deps: PromptDeps, userId: number, body: CreateMsgTagBody): Promise<MsgTag> {
  const tag = checkTag(body);
  return deps.db.transaction().execute(async (trx) => {
    // One tag write per user at a time: the cap and the unique title are checked, then written.
    await lockKey(trx, `tags:${userId}`);
    if ((await tags.countTags(trx, userId)) >= CHAT_LIMITS.tagsPerUser)
      throw new AppError(
        ResultCode.badRequest,
        `最多保存 ${CHAT_LIMITS.tagsPerUser} 个标签，请先删除不用的标签`,
      );
    if (await tags.findTagByTitle(trx, userId, tag.title))
      throw new AppError(ResultCode.badRequest, `已有名为「${tag.title}」的标签，请换个名称`);
    const id = await tags.insertTag(trx, { userId, ...tag, now: deps.clock.now() });
    return toMsgTag((await tags.findTag(trx, userId, id)) as TagRow);
  });
}

export async function editTag(deps: PromptDeps, userId: number, body: EditMsgTagBody): Promise<MsgTag> {
  const tag = checkTag(body);
  return deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `tags:${userId}`);
    const sameTitle = await tags.findTagByTitle(trx, userId, tag.title);
    if (sameTitle && Number(sameTitle.id) !== body.id)
      throw new AppError(ResultCode.badRequest, `已有名为「${tag.title}」的标签，请换个名称`);
    const updated = await tags.updateTag(trx, { userId, id: body.id, ...tag, now: deps.clock.now() });
    if (!updated) throw new AppError(ResultCode.notFound, '标签不存在或已删除');
    return toMsgTag((await tags.findTag(trx, userId, body.id)) as TagRow);
  });
}

export async function deleteTags(
  deps: PromptDeps,
  userId: number,
  rawIds: string,
): Promise<{ deleted: number }> {
  return { deleted: await tags.deleteTags(deps.db, userId, parseIdList(rawIds)) };
}

/** The system prompt a tag reference stands for: the user's own tag or a library prompt. 404 if neither. */
export async function resolveTag(
  db: Kysely<Database>,
  userId: number,
  ref: number | string,
): Promise<{ ref: string; title: string; prompt: string }> {
  if (typeof ref === 'string' && ref.startsWith('lib-')) {
    const prompt = await findShownPrompt({ db }, ref);
    if (prompt) return { ref, title: prompt.title, prompt: prompt.prompt };
  } else {
    const row = await tags.findTag(db, userId, Number(ref));
    if (row) return { ref: String(row.id), title: row.title, prompt: row.prompt };
  }
  throw new AppError(ResultCode.notFound, '所选提示词标签不存在或已删除，请重新选择');
}
