import {
  ResultCode,
  STUDIO_KEEP_DAYS,
  type TranslateRenderResult,
  type TranslateResult,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteImages,
  describeImages,
  fileLink,
  findKeptImage,
  type ImagesDeps,
  keepImagesUntil,
  loadOwnImage,
  putImageFile,
} from '../images/service.ts';
import * as translations from './repository.ts';

/** Translations, their erased pictures and their documents are kept as long as 智能做图's results. */
export const TRANSLATION_KEEP_MS = STUDIO_KEEP_DAYS * 86_400_000;

/**
 * What is kept of a translation: the answer the seller got, without its links (signed afresh for
 * each answer) and without its own id. Every 重新生成 replaces the blocks, the drawing and its check.
 */
export type TranslationDocument = Omit<
  TranslateResult,
  'translationId' | 'backgroundUrl' | 'resultUrl' | 'sourceUrl'
> & {
  /**
   * 修补画笔: the erased picture with the seller's repairs (stored image `translate-bg`), drawn on
   * instead of `backgroundId`'s from then on; `backgroundId` still names the translation.
   */
  repairedId?: number;
};

const gone = () =>
  new AppError(
    ResultCode.notFound,
    '这张翻译已过期或已删除，不能再编辑：可以在最近作品里下载译图，或重新上传图片翻译',
  );

/**
 * What 最近作品 says a drawing is: the upload's name, the language and, for this drawing, the
 * Chinese left and what the OCR read back (the first drawing only; 重新生成 does not read it).
 */
function drawingAbout(document: TranslationDocument) {
  const { legibility } = document;
  return {
    ...(document.fileName ? { name: document.fileName } : {}),
    language: document.target,
    residual: document.residual.count,
    ...(legibility
      ? { legibility: { words: legibility.words, read: legibility.read, unclear: legibility.unclear.length } }
      : {}),
  };
}

/** Keeps a new translation's document for 继续编辑; returns its id. `deps.db` may be a transaction. */
export async function keepTranslation(deps: ImagesDeps, userId: number, document: TranslationDocument) {
  const now = deps.clock.now();
  const id = await translations.insertTranslation(deps.db, {
    user_id: userId,
    background_id: document.backgroundId,
    result_id: document.resultId,
    document: JSON.stringify(document),
    created_at: now,
    updated_at: now,
    keep_until: now + TRANSLATION_KEEP_MS,
  });
  await describeImages(deps, userId, [document.resultId], drawingAbout(document));
  return id;
}

/** What a translation made that its document keeps, besides its pictures' ids and the upload's name. */
const MADE_FIELDS = [
  'target',
  'width',
  'height',
  'blocks',
  'productText',
  'kept',
  'residual',
  'legibility',
  'glossary',
  'restoredNumbers',
] as const;

/** A translation's document as made, before its pictures are stored. */
export type MadePart = Pick<TranslateResult, (typeof MADE_FIELDS)[number]>;

/** The fields of `made` its document keeps (not its pictures' bytes), those that are set. */
export function madePart(made: MadePart): MadePart {
  const present = MADE_FIELDS.filter((key) => made[key] !== undefined);
  return Object.fromEntries(present.map((key) => [key, made[key]])) as MadePart;
}

/** The ids a translation's pictures were stored under (a source only when the product was kept). */
type PictureIds = Pick<TranslationDocument, 'backgroundId' | 'sourceId' | 'resultId'>;

/**
 * A new translation's document, from what was made and where its pictures were stored: one
 * recipe, so a 图片翻译 and a picture 一键出海 translated open alike in the editor.
 */
export function newDocument(
  made: MadePart & { fileName?: string },
  pictures: PictureIds,
): TranslationDocument {
  const { backgroundId, sourceId, resultId } = pictures;
  return {
    ...(made.fileName ? { fileName: made.fileName } : {}),
    ...madePart(made),
    backgroundId,
    ...(sourceId === undefined ? {} : { sourceId }),
    resultId,
  };
}

/** A translation made by other work (`translateForBatch`): its pictures and what the editor needs. */
export type MadeTranslation = MadePart & {
  fileName?: string;
  background: Buffer;
  result: Buffer;
  source: Buffer | null;
};

/**
 * 一键出海 keeps each translated detail picture as a 图片翻译 of the seller's own, so it opens in
 * the editor (`?translation=ID`) and in 最近作品 like one they translated there. In two steps: the
 * pictures' files now, and the rows with `keep(db)` in the transaction that delivers the work (a
 * rollback leaves no rows; the caller then deletes `fileKeys`). `keep` returns the translation's id.
 */
export async function prepareTranslation(deps: ImagesDeps, userId: number, made: MadeTranslation) {
  const { width, height } = made;
  const common = { format: 'png' as const, width, height, keepMs: TRANSLATION_KEEP_MS };
  const background = await putImageFile(deps, userId, {
    kind: 'translate-bg',
    bytes: made.background,
    ...common,
  });
  const result = await putImageFile(deps, userId, { kind: 'translate', bytes: made.result, ...common });
  const source = made.source
    ? await putImageFile(deps, userId, { kind: 'translate-src', bytes: made.source, ...common })
    : null;
  return {
    fileKeys: [background.fileKey, result.fileKey, ...(source ? [source.fileKey] : [])],
    keep: async (db: ImagesDeps['db']): Promise<number> => {
      const backgroundId = Number((await background.insertRow(db)).id);
      const sourceId = source ? Number((await source.insertRow(db)).id) : undefined;
      const resultId = Number((await result.insertRow(db)).id);
      return keepTranslation(
        { ...deps, db },
        userId,
        newDocument(made, { backgroundId, sourceId, resultId }),
      );
    },
  };
}

/**
 * `GET /api/v1/translate/:id`: the caller's translation as last drawn, with fresh links. Another
 * seller's id, an expired one and one whose pictures are gone all read as 404.
 */
export async function openTranslation(
  deps: ImagesDeps,
  userId: number,
  id: number,
): Promise<TranslateResult> {
  const row = await translations.findOwnTranslation(deps.db, userId, id, deps.clock.now());
  if (!row) throw gone();
  const { repairedId, ...document } = JSON.parse(row.document) as TranslationDocument;
  const repaired = repairedId ? await findKeptImage(deps, userId, repairedId, 'translate-bg') : undefined;
  const background = repaired ?? (await findKeptImage(deps, userId, document.backgroundId, 'translate-bg'));
  const result = await findKeptImage(deps, userId, document.resultId, 'translate');
  if (!background || !result) throw gone();
  const source = document.sourceId
    ? await findKeptImage(deps, userId, document.sourceId, 'translate-src')
    : undefined;
  return {
    ...document,
    translationId: Number(row.id),
    backgroundUrl: fileLink(deps, background.file_key),
    resultUrl: fileLink(deps, result.file_key),
    ...(source ? { sourceUrl: fileLink(deps, source.file_key) } : {}),
  };
}

/**
 * After 重新生成: the document becomes what the seller now sees (the edited blocks as drawn, the new
 * drawing and its check; what was read back belonged to the picture before), and the translation's
 * pictures are kept as long as this drawing, so 继续编辑 lasts as long as the card that offers it.
 */
export async function keepRedrawing(
  deps: ImagesDeps,
  userId: number,
  backgroundId: number,
  drawn: TranslateRenderResult,
  repairedId?: number,
): Promise<void> {
  const row = await translations.findTranslationOnBackground(deps.db, userId, backgroundId);
  if (!row) return;
  const before = JSON.parse(row.document) as TranslationDocument;
  const document: TranslationDocument = {
    ...before,
    resultId: drawn.resultId,
    blocks: drawn.blocks,
    residual: drawn.residual,
    legibility: null,
    ...(repairedId ? { repairedId } : {}),
  };
  const now = deps.clock.now();
  const keepUntil = now + TRANSLATION_KEEP_MS;
  const pictures = [before.backgroundId, before.sourceId, document.repairedId].filter(
    (id): id is number => id !== undefined,
  );
  await keepImagesUntil(deps, userId, pictures, keepUntil);
  await translations.updateTranslation(deps.db, Number(row.id), {
    document: JSON.stringify(document),
    resultId: drawn.resultId,
    now,
    keepUntil,
  });
  await describeImages(deps, userId, [drawn.resultId], drawingAbout(document));
  // The drawing before is an earlier one now: its card still opens the translation (打开).
  if (before.resultId !== drawn.resultId)
    await describeImages(deps, userId, [before.resultId], { translationId: Number(row.id) });
  // The repairs before this one are in the new repaired picture: the old one is not drawn on again.
  if (repairedId && before.repairedId && before.repairedId !== repairedId)
    await deleteImages(deps, userId, ['translate-bg'], String(before.repairedId));
}

/**
 * The erased picture a translation is drawn on now: its latest repaired one (修补画笔), or the
 * erased picture itself. `own` is the seller's image `backgroundId` (loadOwnImage); `document` is
 * the translation kept on it, or null when there is none (then no repair can be kept either).
 */
export async function currentBackground(
  deps: ImagesDeps,
  userId: number,
  own: { row: { id: number; file_key: string }; bytes: Buffer },
) {
  const row = await translations.findTranslationOnBackground(deps.db, userId, Number(own.row.id));
  const document = row ? (JSON.parse(row.document) as TranslationDocument) : null;
  const repaired = document?.repairedId
    ? await loadOwnImage(deps, userId, document.repairedId, 'translate-bg')
    : null;
  const picture = repaired ?? own;
  return { key: picture.row.file_key, bytes: picture.bytes, document };
}

/** Which of these translations of the caller's are still kept (an earlier drawing's card opens them). */
export async function keptTranslations(
  deps: ImagesDeps,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await translations.translationsKept(deps.db, userId, ids, deps.clock.now());
  return new Set(rows.map((row) => Number(row.id)));
}

/** Which of these drawings (stored images `translate`) reopen a translation: drawing id → translation id. */
export async function translationsOfDrawings(
  deps: ImagesDeps,
  userId: number,
  resultIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await translations.translationsDrawnAs(deps.db, userId, resultIds, deps.clock.now());
  return new Map(rows.map((row) => [Number(row.result_id), Number(row.id)]));
}
