import {
  GLOSSARY_ALL_LANGUAGES,
  type GlossaryEntry,
  type GlossaryEntryBody,
  type GlossaryTerm,
  glossaryEntryProblem,
  glossaryTargetName,
  normalGlossaryEntry,
  ResultCode,
  TRANSLATE_LIMITS,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { bare, termsFor } from './glossary-terms.ts';
import * as glossary from './repository.ts';

/** 图片翻译's 术语表: the seller's stored terms, and the terms of one translation. */
export type GlossaryDeps = Pick<AppDeps, 'db' | 'clock'>;

function toEntry(row: glossary.GlossaryRow): GlossaryEntry {
  return {
    id: Number(row.id),
    source: row.source,
    target: row.target,
    translation: row.translation,
    updatedAt: Number(row.updated_at),
  };
}

/** The entry as stored, or the Chinese reason it cannot be. Its terms are sent to the chat model. */
function checkEntry(body: GlossaryEntryBody): GlossaryEntryBody {
  const problem = glossaryEntryProblem(body);
  if (problem) throw new AppError(ResultCode.badRequest, problem);
  const entry = normalGlossaryEntry(body);
  if (findBlockedWord(`${entry.source}\n${entry.translation ?? ''}`))
    throw new AppError(ResultCode.contentRejected, '术语中含有违规内容，请修改后重试');
  return entry;
}

/**
 * Inside the seller's lock: the cap (adding only) and one entry per source and language, compared
 * as translations compare them (spaces, case and full-width forms aside).
 */
async function checkRoom(
  trx: Kysely<Database>,
  userId: number,
  entry: GlossaryEntryBody,
  editing: number | null,
): Promise<void> {
  await lockKey(trx, `translate-glossary:${userId}`);
  const rows = await glossary.glossaryRows(trx, userId);
  if (editing === null && rows.length >= TRANSLATE_LIMITS.glossaryEntries)
    throw new AppError(
      ResultCode.badRequest,
      `术语表最多 ${TRANSLATE_LIMITS.glossaryEntries} 条，请先删除不用的术语`,
    );
  const same = rows.find(
    (row) =>
      Number(row.id) !== editing && row.target === entry.target && bare(row.source) === bare(entry.source),
  );
  if (same)
    throw new AppError(
      ResultCode.badRequest,
      `术语表里已有「${same.source}」（${glossaryTargetName(entry.target)}），请直接编辑那一条`,
    );
}

/** `GET /api/v1/translate/glossary`: every entry of the seller, newest first. */
export async function listGlossary(deps: GlossaryDeps, userId: number): Promise<GlossaryEntry[]> {
  return (await glossary.glossaryRows(deps.db, userId)).map(toEntry);
}

/** `POST /api/v1/translate/glossary` */
export async function addGlossaryEntry(
  deps: GlossaryDeps,
  userId: number,
  body: GlossaryEntryBody,
): Promise<GlossaryEntry> {
  const entry = checkEntry(body);
  return deps.db.transaction().execute(async (trx) => {
    await checkRoom(trx, userId, entry, null);
    return toEntry(await glossary.insertGlossaryEntry(trx, userId, { ...entry, now: deps.clock.now() }));
  });
}

/** `POST /api/v1/translate/glossary/:id`: the seller's own entry only. */
export async function editGlossaryEntry(
  deps: GlossaryDeps,
  userId: number,
  id: number,
  body: GlossaryEntryBody,
): Promise<GlossaryEntry> {
  const entry = checkEntry(body);
  return deps.db.transaction().execute(async (trx) => {
    await checkRoom(trx, userId, entry, id);
    const row = await glossary.updateGlossaryEntry(trx, userId, id, { ...entry, now: deps.clock.now() });
    if (!row) throw new AppError(ResultCode.notFound, '这条术语不存在或已删除');
    return toEntry(row);
  });
}

/** `POST /api/v1/translate/glossary/:id/delete`: the seller's own entry only. */
export async function deleteGlossaryEntry(deps: GlossaryDeps, userId: number, id: number): Promise<void> {
  if (!(await glossary.deleteGlossaryEntry(deps.db, userId, id)))
    throw new AppError(ResultCode.notFound, '这条术语不存在或已删除');
}

/**
 * The terms of one translation: the seller's stored entries for `target`, then this request's
 * `glossary` (it wins over a stored entry for the same source), then this request's `keep`.
 */
export async function glossaryTerms(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  target: string,
  request: { keep: string[]; glossary: { source: string; translation: string | null }[] },
): Promise<GlossaryTerm[]> {
  const stored = await glossary.glossaryRows(deps.db, userId);
  return termsFor(
    [...stored, ...request.glossary.map((term) => ({ ...term, target }))],
    target,
    request.keep,
  );
}

/**
 * The `glossary` field of one translation request: a term a line, 「原文=译文」, or 「原文=」 to keep
 * it as it is; checked as stored entries are (lengths, blocked words). At most as many as `keep`.
 */
export function readRequestGlossary(
  raw: string | undefined,
): { source: string; translation: string | null }[] {
  const lines = (raw ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > TRANSLATE_LIMITS.keepWords)
    throw new AppError(ResultCode.badRequest, `本次术语最多 ${TRANSLATE_LIMITS.keepWords} 条`);
  return lines.map((line, index) => {
    const at = line.search(/[=＝]/);
    if (at <= 0)
      throw new AppError(
        ResultCode.badRequest,
        `术语第 ${index + 1} 行应写成「原文=译文」，保持原文写「原文=」`,
      );
    const entry = checkEntry({
      source: line.slice(0, at),
      target: GLOSSARY_ALL_LANGUAGES,
      translation: line.slice(at + 1).trim() || null,
    });
    return { source: entry.source, translation: entry.translation };
  });
}

/**
 * The seller's entries, in any language, whose source a text names (compared as translations compare
 * them): AI 问答 is told to follow them when it writes copy for the seller.
 */
export async function glossaryEntriesIn(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  text: string,
): Promise<GlossaryEntryBody[]> {
  const plain = bare(text);
  return (await glossary.glossaryRows(deps.db, userId))
    .filter((row) => plain.includes(bare(row.source)))
    .map((row) => ({ source: row.source, target: row.target, translation: row.translation }));
}
