import {
  FEATURE_OFF_TEXT,
  type GlossaryTerm,
  PRODUCT_TEXT_CHOICES,
  type ProductTextChoice,
  type RestoredNumbers,
  ResultCode,
  TRANSLATE_LANGUAGE_CODES,
  TRANSLATE_LIMITS,
  type TranslateRenderBody,
  type TranslateRenderResult,
  type TranslateResult,
} from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { PIXELS_ON_THIS_THREAD, type PixelWork } from '../../imaging/pixel-pool.ts';
import { asBuffer } from '../../imaging/pixel-transfer.ts';
import type { ProductMatte } from '../../imaging/text/product-text.ts';
import { NoSourceTextError, translatePicture } from '../../imaging/text/translate-picture.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';
import { runFreeWork } from '../../work/free-work.ts';
import { runMetered } from '../../work/metered.ts';
import { sellerError } from '../../work/seller-error.ts';
import { fileLink, type ImagesDeps, loadOwnImage, storeImage } from '../images/service.ts';
import { reserveAttempt, type ThrottleWindow, tooManyRequests, waitText } from '../throttle/service.ts';
import {
  currentBackground,
  keepRedrawing,
  keepTranslation,
  newDocument,
  TRANSLATION_KEEP_MS,
} from './documents.ts';
import { glossaryTerms } from './glossary-service.ts';
import { termsIn } from './glossary-terms.ts';
import { inSellerWords, sayingRefusals } from './picture-errors.ts';
import { renderResidual } from './render-residual.ts';
import { checkRepair, originalFor, paintRepair } from './repair.ts';
import { type TranslateAsk, translateBlocks } from './translate-text.ts';

export type TranslateDeps = ImagesDeps &
  Pick<AppDeps, 'chatModel' | 'ocr' | 'matting' | 'freeWork' | 'pixels'>;

const KEEP_MS = TRANSLATION_KEEP_MS;
/** 重新生成 after edits is free, but each one runs OCR again: this many an hour. */
export const TRANSLATE_RENDERS: ThrottleWindow = {
  bucket: 'translate-render',
  limit: 120,
  windowMs: 3_600_000,
};

export interface TranslateInput {
  bytes: Buffer | null;
  /** The uploaded file's name, kept so downloads are named after it when the translation is reopened. */
  fileName?: string;
  target: string;
  keep: string[];
  /** This request's terms, over the seller's stored ones (`readRequestGlossary`). */
  glossary: { source: string; translation: string | null }[];
  /** Text printed on the product: kept (the default) or translated. */
  productText: ProductTextChoice;
}

/** The `productText` field: keep (also when absent) or translate; anything else is refused in Chinese. */
export function readProductText(raw: string | undefined): ProductTextChoice {
  const value = raw?.trim() || 'keep';
  if (!(PRODUCT_TEXT_CHOICES as readonly string[]).includes(value))
    throw new AppError(
      ResultCode.badRequest,
      'productText 只能是 keep（保留商品上的文字）或 translate（也翻译）',
    );
  return value as ProductTextChoice;
}

/**
 * The product finder of an interactive translation: the matting pool, its failures in the seller's
 * words with the way round them (a busy pool must not turn into the chat service's error). A seller
 * translating a picture asked for no 抠图: a full matting queue is said as what it is for here.
 */
function interactiveMatte(deps: Pick<AppDeps, 'matting' | 'log'>): ProductMatte {
  return async (image) => {
    try {
      return await deps.matting.matte(image);
    } catch (error) {
      const failure = sellerError(error, 'matting', deps.log);
      const retryAfter = (failure.data as { retryAfter?: number } | undefined)?.retryAfter;
      const said =
        failure.code === ResultCode.tooManyRequests
          ? `识别商品的人太多了，请 ${retryAfter ?? 10} 秒后再试`
          : failure.message;
      throw new AppError(
        failure.code,
        `${said}（保留商品上的文字要先识别出商品；也可以取消勾选「保留商品上的文字」直接翻译）`,
        failure.data,
      );
    }
  };
}

export function checkTarget(target: string): void {
  if (!(TRANSLATE_LANGUAGE_CODES as string[]).includes(target))
    throw new AppError(ResultCode.badRequest, '请选择要翻译成的语言');
}

/** The seller's keep list, trimmed; too many or too long words are refused in Chinese. */
export function readKeepWords(raw: string | undefined): string[] {
  const words = [
    ...new Set(
      (raw ?? '')
        .split(/[,，\n]/)
        .map((w) => w.trim())
        .filter(Boolean),
    ),
  ];
  if (words.length > TRANSLATE_LIMITS.keepWords)
    throw new AppError(ResultCode.badRequest, `保留词最多 ${TRANSLATE_LIMITS.keepWords} 个`);
  const long = words.find((w) => w.length > TRANSLATE_LIMITS.keepWordLength);
  if (long)
    throw new AppError(
      ResultCode.badRequest,
      `保留词「${long.slice(0, 10)}…」太长，最多 ${TRANSLATE_LIMITS.keepWordLength} 个字`,
    );
  return words;
}

/**
 * `POST /api/v1/translate/image`: the image's Chinese found offline, translated in one request to
 * the chat provider, erased and drawn again in the target language, then read again for leftovers.
 * One 图片翻译 use, taken before the provider is asked and given back on any failure.
 */
export async function translateImage(
  deps: TranslateDeps,
  userId: number,
  input: TranslateInput,
): Promise<TranslateResult> {
  if (!input.bytes) throw new AppError(ResultCode.badRequest, '请上传要翻译的图片（字段名 file）');
  checkTarget(input.target);
  const checked = await checkImageUpload(input.bytes);
  const models = await deps.chatModel.models();
  if (!models) throw new AppError(ResultCode.providerUnavailable, FEATURE_OFF_TEXT);
  const spec = {
    feature: 'translate' as const,
    service: 'chat' as const,
    slot: {
      kind: 'translate',
      limit: 2,
      staleMs: 300_000,
      message: '最多同时翻译 2 张图片，请等当前的完成后再试',
      retryAfter: 10,
    },
  };
  const terms = await glossaryTerms(deps, userId, input.target, input);
  return runMetered(deps, { userId }, spec, async () => {
    // The pixel work waits for the pool rather than being refused: by then the model was paid for.
    const waiting = { ...deps, pixels: deps.pixels.background };
    const picture = await sayingRefusals(
      translateWithGlossary(waiting, userId, checked.bytes, {
        target: input.target,
        terms,
        model: models.standard,
        product: input.productText === 'keep' ? interactiveMatte(deps) : null,
        purpose: 'translate',
      }),
    );
    const stored = await storeResults(deps, userId, picture, picture.source);
    const made = {
      ...picture,
      target: input.target,
      productText: input.productText,
      fileName: input.fileName,
    };
    const document = newDocument(made, stored);
    const translationId = await keepTranslation(deps, userId, document);
    return { translationId, ...document, ...stored };
  });
}

/**
 * The shared pipeline with the seller's glossary: its keep terms (and this request's `keep`) are
 * words `translatePicture` leaves alone when they are a whole block, every term goes to the model
 * and is checked in its answer (translateBlocks). `glossary` says which terms were on the image and
 * which the translation still does not follow; `restoredNumbers`, the numbers the answer dropped
 * twice and the server put back.
 */
async function translateWithGlossary(
  deps: Pick<AppDeps, 'chatModel' | 'ocr'> & { pixels: PixelWork },
  userId: number,
  bytes: Buffer,
  how: {
    target: string;
    terms: GlossaryTerm[];
    model: string;
    product: ProductMatte | null;
    purpose: TranslateAsk['purpose'];
  },
) {
  const { target, terms, model, product, purpose } = how;
  const keep = terms.filter((t) => t.translation === null).map((t) => t.source);
  const missed: GlossaryTerm[] = [];
  const restoredNumbers: RestoredNumbers[] = [];
  // The blocks as translated, whole: a term split over two lines is still one term there, while
  // the result's blocks may be drawn a layer per line. Asked once, or twice when a second reading
  // finds text the first missed.
  const translated: string[] = [];
  const options = { target, keep, product, pixels: deps.pixels };
  const picture = await translatePicture(deps.ocr, bytes, options, async (blocks) => {
    translated.push(...blocks.map((block) => block.text));
    const ask: TranslateAsk = { blocks, target, terms, model, userId, purpose };
    const answer = await translateBlocks(deps.chatModel, ask);
    missed.push(...answer.missed);
    restoredNumbers.push(...answer.restored);
    return answer.texts;
  });
  const onImage = [...translated, ...picture.kept.map((k) => k.text)];
  const used = new Map(onImage.flatMap((text) => termsIn(terms, text)).map((t) => [t.source, t]));
  return { ...picture, glossary: { used: [...used.values()], missed }, restoredNumbers };
}

/** The stored pictures' ids, without their links (which are signed for each answer). */
async function storeResults(
  deps: ImagesDeps,
  userId: number,
  picture: { background: Buffer; result: Buffer; width: number; height: number },
  source: Buffer | null,
) {
  const { width, height } = picture;
  const common = { format: 'png' as const, width, height, keepMs: KEEP_MS };
  const bg = await storeImage(deps, userId, { kind: 'translate-bg', bytes: picture.background, ...common });
  const out = await storeImage(deps, userId, { kind: 'translate', bytes: picture.result, ...common });
  const src = source
    ? await storeImage(deps, userId, { kind: 'translate-src', bytes: source, ...common })
    : null;
  return {
    backgroundId: Number(bg.id),
    backgroundUrl: fileLink(deps, bg.file_key),
    ...(src ? { sourceId: Number(src.id), sourceUrl: fileLink(deps, src.file_key) } : {}),
    resultId: Number(out.id),
    resultUrl: fileLink(deps, out.file_key),
  };
}

/**
 * `POST /api/v1/translate/render`: the seller's edited blocks drawn again on their erased image,
 * and read again. Free (no provider is asked); at most TRANSLATE_RENDERS an hour. The erased image
 * is the translation's as last repaired; `repair` strokes (修补画笔) are painted on it first, under
 * the text, and the repaired picture is kept for every later drawing, 继续编辑 and 下载 PSD.
 */
export async function renderTranslation(
  deps: TranslateDeps,
  userId: number,
  body: TranslateRenderBody,
): Promise<TranslateRenderResult> {
  checkTarget(body.target);
  const own = await loadOwnImage(deps, userId, body.backgroundId, 'translate-bg');
  if (!own) throw new AppError(ResultCode.notFound, '这张翻译已过期或已删除，请重新上传翻译');
  const width = Number(own.row.width);
  const height = Number(own.row.height);
  checkBlocksInside(body.blocks, width, height);
  checkTextBudget(body.blocks, width, height);
  const strokes = body.repair ?? [];
  checkRepair(strokes, width, height);
  const background = await currentBackground(deps, userId, own);
  // A repair is kept with its translation's document: with none, there is nowhere to keep it.
  if (strokes.length > 0 && !background.document)
    throw new AppError(ResultCode.notFound, '这张翻译已过期或已删除，不能再修补：请重新上传图片翻译');
  const original =
    background.document && strokes.some((s) => s.mode === 'restore')
      ? await originalFor(deps, userId, background.document)
      : null;
  return runFreeWork(deps, { userId, kind: 'translate-render', what: '重新生成' }, async () => {
    const reserved = await reserveAttempt(deps.db, TRANSLATE_RENDERS, String(userId), deps.clock.now());
    if (reserved.wait > 0)
      throw tooManyRequests(`重新生成太频繁了，请 ${waitText(reserved.wait)}后再试`, reserved.wait);
    const repaired =
      strokes.length > 0 ? await paintRepair(background.bytes, strokes, original, body.blocks) : null;
    const drawn = await drawAndStore(
      deps,
      userId,
      { key: background.key, bytes: background.bytes },
      { ...body, blocks: repaired?.blocks ?? body.blocks },
      { width, height, repaired: repaired?.png ?? null },
    );
    // 继续编辑 and a reload open what the seller sees now.
    await keepRedrawing(deps, userId, body.backgroundId, drawn.answer, drawn.repairedId);
    return drawn.answer;
  });
}

/** Refuses a block the seller moved off the picture. */
export function checkBlocksInside(blocks: TranslateRenderBody['blocks'], width: number, height: number) {
  const outside = blocks.find(
    (b) =>
      b.box.x >= width ||
      b.box.y >= height ||
      b.box.x + b.box.width > width + 1 ||
      b.box.y + b.box.height > height + 1,
  );
  if (outside)
    throw new AppError(ResultCode.badRequest, `文字块 ${outside.id} 超出了图片范围，请把它移回图片内`);
}

/** Refuses text that would cover the picture several times over (TRANSLATE_LIMITS.textAreaPerImage). */
export function checkTextBudget(blocks: TranslateRenderBody['blocks'], width: number, height: number) {
  const drawn = blocks.filter((b) => !b.hidden && b.text.trim());
  const area = drawn.reduce((sum, b) => sum + [...b.text].length * b.fontSize * b.fontSize, 0);
  const budget = TRANSLATE_LIMITS.textAreaPerImage * Math.max(width * height, 1_000_000);
  if (area <= budget) return;
  throw new AppError(
    ResultCode.badRequest,
    `要画的文字太多、字号太大（约为图片面积的 ${(area / (width * height)).toFixed(0)} 倍）：请删减文字或调小字号后再重新生成`,
  );
}

/**
 * Draws the blocks on the erased picture (or on `repaired`, the picture with this request's repairs,
 * then kept as the translation's erased picture), reads it for leftovers and keeps the drawing.
 * Nothing is stored before the drawing succeeds (text too large for its box is a 400).
 */
async function drawAndStore(
  deps: TranslateDeps,
  userId: number,
  background: { key: string; bytes: Buffer },
  body: TranslateRenderBody,
  { width, height, repaired }: { width: number; height: number; repaired: Buffer | null },
): Promise<{ answer: TranslateRenderResult; repairedId?: number }> {
  const drawing = await sayingRefusals(
    deps.pixels.run('drawTranslation', {
      background: repaired ?? background.bytes,
      blocks: body.blocks,
      target: body.target,
    }),
  );
  const drawn = { png: asBuffer(drawing.png), blocks: drawing.blocks };
  const common = { format: 'png' as const, width, height, keepMs: KEEP_MS };
  const kept = repaired
    ? await storeImage(deps, userId, { kind: 'translate-bg', bytes: repaired, ...common })
    : null;
  const under = kept ? { key: kept.file_key, bytes: repaired as Buffer } : background;
  // Left in Chinese on purpose: the seller's stored keep terms, and what the translation kept (the
  // client sends its result's kept text: this request's keep words, the product's text).
  const terms = await glossaryTerms(deps, userId, body.target, { keep: [], glossary: [] });
  const keep = [
    ...terms.filter((term) => term.translation === null).map((term) => term.source),
    ...(body.kept ?? []),
  ];
  const residual = await renderResidual(deps.ocr, under, body.blocks, keep, body.target);
  const out = await storeImage(deps, userId, { kind: 'translate', bytes: drawn.png, ...common });
  return {
    answer: {
      resultId: Number(out.id),
      resultUrl: fileLink(deps, out.file_key),
      backgroundUrl: fileLink(deps, under.key),
      blocks: drawn.blocks,
      residual,
    },
    ...(kept ? { repairedId: Number(kept.id) } : {}),
  };
}

/**
 * 批量处理's 图片翻译 step: the same pipeline for one image of a job, text on the product kept
 * unless the job says to translate it (`productText`). `matte` is the image's mask when the job's
 * other steps made one already (matting is most of the time); otherwise the matting pool is asked,
 * and its failures (busy: the image waits) reach the batch worker as they are. No use is taken
 * here: the batch worker charges an image's uses together with its finished outputs. A picture
 * with nothing to translate throws NoSourceTextError as the pipeline did; the job decides (other
 * refusals come in the seller's words). The pixel work waits in the pool's background lane; a
 * caller whose deps hold no pool (a script) runs it on its own thread.
 */
export async function translateForBatch(
  deps: Pick<AppDeps, 'chatModel' | 'ocr' | 'db' | 'matting'> & { pixels?: PixelWork },
  userId: number,
  bytes: Buffer,
  how: {
    target: string;
    productText: 'keep' | 'translate';
    matte: AlphaMask | null;
    /**
     * The 术语表 terms and the model to use, when the caller read them already: 一键出海 keys a
     * translation it shares between sites by them, so the translation must use exactly these.
     */
    terms?: GlossaryTerm[];
    model?: string;
    /** 一键出海's pictures are counted as its own in the cost ledger; 批量处理's as 图片翻译. */
    purpose?: TranslateAsk['purpose'];
  },
) {
  const models = await deps.chatModel.models();
  if (!models) throw new AppError(ResultCode.providerUnavailable, FEATURE_OFF_TEXT);
  const { target, matte } = how;
  const terms = how.terms ?? (await glossaryTerms(deps, userId, target, { keep: [], glossary: [] }));
  const model = how.model ?? models.standard;
  const product: ProductMatte | null =
    how.productText === 'translate' ? null : matte ? async () => matte : (image) => deps.matting.matte(image);
  const purpose = how.purpose ?? 'translate';
  // Queue work: its pixel work waits behind the requests' in the node's pool.
  const queued = { ...deps, pixels: (deps.pixels ?? PIXELS_ON_THIS_THREAD).background };
  try {
    return await translateWithGlossary(queued, userId, bytes, { target, terms, model, product, purpose });
  } catch (error) {
    // Nothing to translate is no failure to a job: it delivers the picture's other outputs.
    if (error instanceof NoSourceTextError) throw error;
    throw inSellerWords(error);
  }
}

/**
 * 最近作品 (the studio module) asks which drawings reopen a translation in the editor; 一键出海 keeps
 * its translated detail pictures as translations the editor opens.
 */
export {
  keptTranslations,
  type MadePart,
  type MadeTranslation,
  madePart,
  openTranslation,
  prepareTranslation,
  translationsOfDrawings,
} from './documents.ts';

/** 一键出海 uses the same 术语表 for its listings, and checks them the way translations are checked. */
export { glossaryEntriesIn, glossaryTerms } from './glossary-service.ts';
export { follows, termsIn } from './glossary-terms.ts';
/** 批量处理 says an image's refusal (NoSourceTextError, when nothing else was made) in these words. */
export { inSellerWords } from './picture-errors.ts';
