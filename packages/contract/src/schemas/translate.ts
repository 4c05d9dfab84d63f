import { type Static, Type } from 'typebox';
import type { ListingLanguage } from '../listing/types.ts';
import { RepairStrokes } from './translate-repair.ts';

/**
 * 图片翻译: the languages a supplier image can be put into. Arabic is not offered: right-to-left
 * layout with the contextual shaping it needs is not done properly yet (docs/decisions.md).
 */
export const TRANSLATE_LANGUAGES = [
  { code: 'en', name: '英语', english: 'English' },
  { code: 'de', name: '德语', english: 'German' },
  { code: 'fr', name: '法语', english: 'French' },
  { code: 'es', name: '西班牙语', english: 'Spanish' },
  { code: 'it', name: '意大利语', english: 'Italian' },
  { code: 'pt', name: '葡萄牙语', english: 'Portuguese' },
  { code: 'ja', name: '日语', english: 'Japanese' },
  { code: 'ko', name: '韩语', english: 'Korean' },
  { code: 'th', name: '泰语', english: 'Thai' },
  { code: 'vi', name: '越南语', english: 'Vietnamese' },
  { code: 'id', name: '印尼语', english: 'Indonesian' },
  { code: 'ms', name: '马来语', english: 'Malay' },
  { code: 'zh-TW', name: '繁体中文', english: 'Traditional Chinese (Taiwan)' },
  { code: 'pt-BR', name: '葡萄牙语（巴西）', english: 'Brazilian Portuguese' },
  { code: 'es-MX', name: '西班牙语（墨西哥）', english: 'Mexican Spanish' },
  { code: 'nl', name: '荷兰语', english: 'Dutch' },
  { code: 'pl', name: '波兰语', english: 'Polish' },
  { code: 'sv', name: '瑞典语', english: 'Swedish' },
] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number]['code'];
// 一键出海 translates a site's pictures into the site's listing language: every one is offered here
// (an unknown code would be translated into English).
const _everyListingLanguage: ListingLanguage extends TranslateLanguage ? true : never = true;
void _everyListingLanguage;
export const TRANSLATE_LANGUAGE_CODES = TRANSLATE_LANGUAGES.map((l) => l.code) as TranslateLanguage[];

export const TRANSLATE_LIMITS = {
  /** Words kept as they are (brand names, model numbers), per request. */
  keepWords: 30,
  keepWordLength: 40,
  /** Characters of one translated block as edited by the seller. */
  blockText: 500,
  blocks: 80,
  /**
   * 重新生成's text budget: the drawn blocks' characters × font size², at most this many times the
   * image's area (a 1000×1000 image's for smaller ones). A translation's own text takes 1–2× the area
   * of its boxes; past this, text covers the picture several times over and only costs CPU.
   */
  textAreaPerImage: 4,
  /** The seller's stored glossary (术语表): entries per seller, and each side's length. */
  glossaryEntries: 200,
  glossarySourceLength: 40,
  glossaryTranslationLength: 100,
} as const;

/** A glossary term as applied to one translation: null `translation` keeps the source as it is. */
export const GlossaryTerm = Type.Object({
  source: Type.String(),
  translation: Type.Union([Type.String(), Type.Null()]),
});
export type GlossaryTerm = Static<typeof GlossaryTerm>;

/**
 * Every integer a client sends has a maximum: a form-style value such as "1e9999" is coerced to
 * Infinity, which passes a bare integer check and cannot be written back out.
 */
const PIXELS = { maximum: 100_000 };

export const TextBoxSchema = Type.Object({
  x: Type.Integer({ minimum: 0, ...PIXELS }),
  y: Type.Integer({ minimum: 0, ...PIXELS }),
  width: Type.Integer({ minimum: 1, ...PIXELS }),
  height: Type.Integer({ minimum: 1, ...PIXELS }),
});

/** One block of text as drawn on the result: the seller may edit every field and re-render. */
export const TranslatedBlock = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** The original text, shown on hover. */
  source: Type.String(),
  text: Type.String({ maxLength: TRANSLATE_LIMITS.blockText }),
  box: TextBoxSchema,
  fontSize: Type.Integer({ minimum: 6, maximum: 400 }),
  color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  bold: Type.Boolean(),
  align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  hidden: Type.Boolean(),
  /** The text did not fit its box even at the smallest size: it runs past it. */
  overflow: Type.Boolean(),
  /**
   * Where its letters were drawn (outline included) at the last drawing, wider than `box` when the
   * translation ran into the room beside it: the editor's box (the one the seller drags) and its
   * text are shown there, wrapped alike, and move with `box`.
   */
  drawn: Type.Optional(TextBoxSchema),
  /**
   * How wide its letters were drawn against their font at the last drawing: 1, or less where the
   * translation was condensed to fit (85% or 75%; less again where it was squeezed inside the
   * picture). The editor draws the text as narrow, as the PSD's 水平缩放 does. Absent in
   * translations kept before it was sent: 1.
   */
  horizontalScale: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
  /**
   * The lean of the original's letters in degrees, read from their strokes when erasing: positive
   * where they lean right, as italic type does (a headline set slanted). The translation is drawn
   * sheared by it, in the editor and the PSD (faux italic) alike. Absent: upright.
   */
  slant: Type.Optional(Type.Number({ minimum: -30, maximum: 30 })),
  /**
   * An outline around the letters: the original's (found when erasing), or one added where the
   * text would not stand out from the photo under it; null or absent draws none.
   */
  outline: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({
        color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
        width: Type.Integer({ minimum: 1, maximum: 40 }),
      }),
    ]),
  ),
  /**
   * Strokes of the original the erasing left under this block (a colour it missed, half a 元),
   * found by colour, not by reading: about how many characters, and where. Counted as leftover
   * Chinese at every drawing, since they are on the erased picture; absent when none.
   */
  strokesLeft: Type.Optional(
    Type.Object({
      count: Type.Integer({ minimum: 1, maximum: TRANSLATE_LIMITS.blockText }),
      boxes: Type.Array(TextBoxSchema, { maxItems: 20 }),
    }),
  ),
});
export type TranslatedBlock = Static<typeof TranslatedBlock>;

/**
 * Text printed on the product (a bottle's brand, a box's name): kept by default, since erasing it
 * damages the photo and misrepresents the product; `translate` treats it like any other text.
 */
export const PRODUCT_TEXT_CHOICES = ['keep', 'translate'] as const;
export const ProductTextChoice = Type.Union([Type.Literal('keep'), Type.Literal('translate')]);
export type ProductTextChoice = (typeof PRODUCT_TEXT_CHOICES)[number];

export const KeptText = Type.Object({
  text: Type.String(),
  box: TextBoxSchema,
  reason: Type.Union([Type.Literal('no-chinese'), Type.Literal('keep'), Type.Literal('product')]),
});
export type KeptText = Static<typeof KeptText>;

/**
 * Numbers the AI's translation of a block dropped even when asked again, put back by the server
 * (「168元」 drawn as 「¥168」): the block's source text and each number as it was added.
 */
export const RestoredNumbers = Type.Object({ source: Type.String(), added: Type.Array(Type.String()) });
export type RestoredNumbers = Static<typeof RestoredNumbers>;

export const TranslateResult = Type.Object({
  /**
   * The translation as the server keeps it (GET /api/v1/translate/:id opens it again in the editor,
   * with every 重新生成 since), as long as its pictures are kept.
   */
  translationId: Type.Integer(),
  /** The uploaded file's name: downloads are named after it, also when the translation is opened again. */
  fileName: Type.Optional(Type.String()),
  target: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /**
   * The image with its text erased (the editor draws on it), and the result. `backgroundId` names
   * the translation's erased picture in every request; `backgroundUrl` shows it as last repaired.
   */
  backgroundId: Type.Integer(),
  backgroundUrl: Type.String(),
  /** The picture the blocks were found on (upright, at the working size): 下载 PSD's hidden 原图 layer. */
  sourceId: Type.Optional(Type.Integer()),
  /** That picture's link: the 原图 beside the result when the translation is opened again. */
  sourceUrl: Type.Optional(Type.String()),
  resultId: Type.Integer(),
  resultUrl: Type.String(),
  blocks: Type.Array(TranslatedBlock),
  /** Whether text printed on the product was kept (the default) or translated like the rest. */
  productText: ProductTextChoice,
  /**
   * Text left as it was, and why: no source-language characters (numbers, sizes), a word asked to
   * be kept, or printed on the product.
   */
  kept: Type.Array(KeptText),
  /** The result read again: source-language characters still in it, and where. */
  residual: Type.Object({ count: Type.Integer(), boxes: Type.Array(TextBoxSchema) }),
  /**
   * The drawn translation read back by the OCR (languages in Latin letters; absent otherwise):
   * words drawn, words read, and the blocks with under half their words read, to be made larger,
   * darker or outlined.
   */
  legibility: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({ words: Type.Integer(), read: Type.Integer(), unclear: Type.Array(Type.Integer()) }),
    ]),
  ),
  /**
   * The seller's glossary (stored entries and this request's `keep`) on this image: the terms found
   * in its text, and those the translation still does not follow (shown so the seller can edit them).
   */
  glossary: Type.Object({ used: Type.Array(GlossaryTerm), missed: Type.Array(GlossaryTerm) }),
  /**
   * Blocks whose numbers the server put back into the translation (shown as 「N 处数字已补回」 so the
   * seller checks where they stand); absent in translations kept before this was checked.
   */
  restoredNumbers: Type.Optional(Type.Array(RestoredNumbers)),
});
export type TranslateResult = Static<typeof TranslateResult>;

/** 重新生成: the seller's edited blocks drawn again on the erased image. */
export const TranslateRenderBody = Type.Object({
  backgroundId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  target: Type.String({ maxLength: 5 }),
  blocks: Type.Array(TranslatedBlock, { maxItems: TRANSLATE_LIMITS.blocks }),
  /**
   * Text left in Chinese on purpose (the result's `kept` texts): not counted as leftover when the
   * edited image is read again.
   */
  kept: Type.Optional(
    Type.Array(Type.String({ maxLength: TRANSLATE_LIMITS.blockText }), { maxItems: TRANSLATE_LIMITS.blocks }),
  ),
  /**
   * 修补画笔: strokes painted on the erased picture, under the text, since the last drawing. The
   * repaired picture is kept: later drawings, 继续编辑 and 下载 PSD start from it without them.
   */
  repair: Type.Optional(RepairStrokes),
});
export type TranslateRenderBody = Static<typeof TranslateRenderBody>;

/**
 * 下载 PSD: the editor's blocks as text layers over the erased image, and the original picture as
 * a hidden layer when `sourceId` (the result's) is given.
 */
export const TranslatePsdBody = Type.Object({
  backgroundId: TranslateRenderBody.properties.backgroundId,
  sourceId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  target: TranslateRenderBody.properties.target,
  blocks: TranslateRenderBody.properties.blocks,
  /** Repair strokes not drawn yet: painted on the background layer as 重新生成 would (nothing is kept). */
  repair: TranslateRenderBody.properties.repair,
});
export type TranslatePsdBody = Static<typeof TranslatePsdBody>;

export const TranslateRenderResult = Type.Object({
  resultId: Type.Integer(),
  resultUrl: Type.String(),
  /** The erased picture this drawing is on, with every repair so far (the editor paints on it next). */
  backgroundUrl: Type.String(),
  blocks: Type.Array(TranslatedBlock),
  residual: Type.Object({ count: Type.Integer(), boxes: Type.Array(TextBoxSchema) }),
});
export type TranslateRenderResult = Static<typeof TranslateRenderResult>;

/** `GET /api/v1/translate/:id`: one of the caller's translations. */
export const TranslationIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type TranslationIdParams = Static<typeof TranslationIdParams>;
