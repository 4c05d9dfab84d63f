import { type Static, Type } from 'typebox';
import {
  IMAGE_MARKETPLACE_IDS,
  type ImageMarketplaceId,
  isImageMarketplace,
  MAIN_IMAGE_RULE_SETS,
} from '../main-image/rules.ts';
import { Page } from './paging.ts';

/**
 * 智能做图: cut-outs and main images (`/api/v1/remove/remove`), background replacement
 * (`/api/mokker/*`). PRODUCT.md "Images" fixes the rules.
 */

/** Marketplace main-image sizes (square, in pixels), from each marketplace's rules (main-image/rules.ts). */
export const MARKETPLACE_PRESETS = Object.fromEntries(
  IMAGE_MARKETPLACE_IDS.map((id) => [
    id,
    { label: MAIN_IMAGE_RULE_SETS[id].name, size: MAIN_IMAGE_RULE_SETS[id].size },
  ]),
) as Record<ImageMarketplaceId, { label: string; size: number }>;
export type MarketplacePreset = ImageMarketplaceId;
export const PRESET_NAMES: MarketplacePreset[] = [...IMAGE_MARKETPLACE_IDS];
export const isMarketplacePreset = isImageMarketplace;

/**
 * How the main-image check measures (the same for every marketplace; each marketplace's rule set
 * says which measures count and how strictly). The fill band and sides here are Amazon's.
 */
export const MAIN_IMAGE_RULES = {
  /** A background pixel counts as pure white at this value or above in every channel (JPEG rounding). */
  whiteLevel: 253,
  /** Share of the background that must be pure white. */
  whiteShare: 0.99,
  /** The product's longer side over the frame's: about 85%. */
  fillTarget: 0.85,
  fillMin: 0.8,
  fillMax: 0.95,
  minSide: 1000,
  recommendedSide: 2000,
  /** A made main image whose product was enlarged more than this many times is flagged as soft. */
  enlargeWarnAbove: 2,
  /** A part of the cut-out apart from the product counts from this share of the product's area. */
  separatePartShare: 0.01,
  /** Half-transparent (alpha 24–200) share of the product above which it is a ghost, not a soft edge. */
  ghostShare: 0.15,
  /** A line of text counts as printed on the product when this share of its box is on the product. */
  onProductShare: 0.9,
} as const;

export const MainImageRuleKey = Type.Union([
  Type.Literal('background'),
  Type.Literal('fill'),
  Type.Literal('size'),
  Type.Literal('square'),
  /** Only on a made main image: the product was enlarged more than `enlargeWarnAbove` times. */
  Type.Literal('sharpness'),
  /** Text, badges or watermarks added over the photo (text printed on the product is allowed). */
  Type.Literal('text'),
  /** Parts of the cut-out apart from the product: a person, a second item, a loose fragment. */
  Type.Literal('objects'),
  /** A large part of the product left half-transparent by the cut. */
  Type.Literal('ghost'),
]);

/** Where on the checked image something was found, in its pixels. */
export const FoundArea = Type.Object({
  x: Type.Integer(),
  y: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const MainImageRule = Type.Object({
  key: MainImageRuleKey,
  label: Type.String(),
  /** A requirement fails the image; a recommendation only warns. */
  level: Type.Union([Type.Literal('required'), Type.Literal('recommended')]),
  pass: Type.Boolean(),
  /** What was measured, in words: 「背景 99.8% 为纯白」. */
  measured: Type.String(),
  /** What to do about a failure; empty when it passes. */
  advice: Type.String(),
  /** What the rule found (the added text, the separate parts, the see-through area), to be outlined. */
  found: Type.Optional(Type.Array(FoundArea)),
});
export type MainImageRule = Static<typeof MainImageRule>;

export const MainImageReport = Type.Object({
  /** Which marketplace's rules the image was checked against. */
  marketplace: Type.String(),
  /** Every requirement passes (recommendations may not). */
  pass: Type.Boolean(),
  rules: Type.Array(MainImageRule),
});
export type MainImageReport = Static<typeof MainImageReport>;

export const StoredImage = Type.Object({
  id: Type.Integer(),
  /** A signed link to the stored file, valid for a while; only its owner is given one. */
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type StoredImage = Static<typeof StoredImage>;

export const CutoutResult = Type.Object({
  /**
   * The 抠图 work this result belongs to (GET /api/v1/studio/works/:id opens it again): a new photo
   * starts one; 修补, 一键修正 and 「这些都是商品」 update it.
   */
  workId: Type.Optional(Type.Integer()),
  /** The transparent PNG; absent when the request made a main image from an earlier cut-out. */
  cutout: Type.Optional(StoredImage),
  /** The uploaded photo judged as a main image. */
  check: Type.Optional(MainImageReport),
  main: Type.Optional(
    Type.Object({
      image: StoredImage,
      preset: Type.String(),
      check: MainImageReport,
    }),
  ),
});
export type CutoutResult = Static<typeof CutoutResult>;

/** What the server is doing with an uploaded photo, in order (uploading is the client's own stage). */
export const CUTOUT_STAGES = ['matting', 'main', 'check'] as const;
export type CutoutStage = (typeof CUTOUT_STAGES)[number];

/**
 * `POST /api/v1/remove/remove` with `Accept: text/event-stream`: a `stage` event as each stage
 * starts, then one `result` event carrying the envelope the JSON answer would have been.
 */
export interface CutoutStreamEvents {
  stage: { stage: CutoutStage };
  result: { code: number; msg: string; data: CutoutResult | null };
}

export const BackgroundCategory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  count: Type.Integer(),
});
export type BackgroundCategory = Static<typeof BackgroundCategory>;

export const BackgroundItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  categoryId: Type.String(),
  thumbUrl: Type.String(),
});
export type BackgroundItem = Static<typeof BackgroundItem>;

export const BackgroundPage = Page(BackgroundItem);
export type BackgroundPage = Static<typeof BackgroundPage>;

/** Placement of the product on a new background. */
export const PLACEMENT_LIMITS = {
  scale: { min: 0.2, max: 0.95, default: 0.7 },
  /** Centre of the product, as a share of the frame. */
  x: { min: 0, max: 1, default: 0.5 },
  /** Where the product stands: the bottom of its box, as a share of the frame's height. */
  y: { min: 0.2, max: 1, default: 0.85 },
  outputSize: 1600,
  promptMaxLength: 500,
} as const;

export const ReplacedImage = Type.Object({
  /** The uploaded file's name, so results can be matched to uploads. */
  name: Type.String(),
  image: Type.Optional(StoredImage),
  /**
   * The transparent cut-out a new upload was cut into (kept with 抠图's): the page previews and
   * makes the next try from it instead of cutting the photo again, and opens it in 修补.
   */
  cutout: Type.Optional(StoredImage),
  /** Why this one failed (the others still count). */
  error: Type.Optional(Type.String()),
  /** The 换背景 work of this result (its cut-out, background and placement), to open again. */
  workId: Type.Optional(Type.Integer()),
});
export type ReplacedImage = Static<typeof ReplacedImage>;

export const ReplaceResult = Type.Object({
  results: Type.Array(ReplacedImage),
});
export type ReplaceResult = Static<typeof ReplaceResult>;

/**
 * 最近作品: what 智能做图 made is kept this many days, then removed with its file. A seller
 * downloads a result at once; the days only cover closing the tab by mistake.
 */
export const STUDIO_KEEP_DAYS = 7;

export const StudioImageKind = Type.Union([
  Type.Literal('cutout'),
  Type.Literal('main'),
  Type.Literal('replace'),
  /** 图片翻译's result (each 重新生成 too): kept as long, so a reload or a closed tab loses nothing. */
  Type.Literal('translate'),
]);
export type StudioImageKind = Static<typeof StudioImageKind>;

/**
 * What a 最近作品 card says a picture is, beside its tool and time; each part absent when not known
 * (pictures made before it was kept, a part that does not apply to the tool).
 */
export const StudioImageAbout = Type.Object({
  /** The file the seller uploaded (「连衣裙.jpg」); for 一键出海, the product, site and picture. */
  name: Type.Optional(Type.String()),
  /** 图片翻译: the language drawn, a TRANSLATE_LANGUAGES code. */
  language: Type.Optional(Type.String()),
  /** A main image: the marketplace preset it was made for. */
  preset: Type.Optional(Type.String()),
  /** A main image: whether it passed every requirement of that marketplace. */
  mainPass: Type.Optional(Type.Boolean()),
  /** 图片翻译: places where Chinese was still found on this drawing. */
  residual: Type.Optional(Type.Integer()),
  /** 图片翻译: the drawn words the OCR read back, and the blocks hard to read (first drawing only). */
  legibility: Type.Optional(
    Type.Object({ words: Type.Integer(), read: Type.Integer(), unclear: Type.Integer() }),
  ),
});
export type StudioImageAbout = Static<typeof StudioImageAbout>;

export const StudioImage = Type.Object({
  ...StoredImage.properties,
  kind: StudioImageKind,
  createdAt: Type.Number(),
  /** When the image and its file are removed. */
  expiresAt: Type.Number(),
  about: Type.Optional(StudioImageAbout),
  /**
   * A 图片翻译 result of a translation still kept: 继续编辑 (its latest drawing) or 打开 (an earlier
   * one, `earlier`) opens that translation (GET /api/v1/translate/:id) in the editor as last drawn.
   */
  translationId: Type.Optional(Type.Integer()),
  /**
   * A cut-out, main image or 换背景 result of a work still kept: 继续编辑 (its latest) or 打开 (an
   * earlier one, `earlier`) opens that work (GET /api/v1/studio/works/:id) on `workTool`'s screen.
   */
  workId: Type.Optional(Type.Integer()),
  /** Which screen opens `workId`: 抠图 (cutout) or 换背景 (replace, also for the cut-out it stood on). */
  workTool: Type.Optional(Type.Union([Type.Literal('cutout'), Type.Literal('replace')])),
  /** Not what its translation or work shows now: it was drawn, brushed or fixed again since. */
  earlier: Type.Optional(Type.Boolean()),
});
export type StudioImage = Static<typeof StudioImage>;

export const StudioImagePage = Page(StudioImage);
export type StudioImagePage = Static<typeof StudioImagePage>;

/** A 换背景 background as chosen: one of the library's designs, a plain colour, or a scene prompt. */
export const BackgroundChoice = Type.Union([
  Type.Object({ kind: Type.Literal('library'), id: Type.String() }),
  Type.Object({ kind: Type.Literal('color'), color: Type.String() }),
  Type.Object({ kind: Type.Literal('prompt'), prompt: Type.String() }),
]);
export type BackgroundChoice = Static<typeof BackgroundChoice>;

export const PlacementSettings = Type.Object({
  scale: Type.Number(),
  x: Type.Number(),
  /** 落脚高度: where the product stands, as a share of the frame's height. */
  y: Type.Number(),
  shadow: Type.Boolean(),
});
export type PlacementSettings = Static<typeof PlacementSettings>;

/** What every work opens with: the cut-out as last brushed, and the photo under it. */
const WorkBase = {
  workId: Type.Integer(),
  /** The latest cut-out (after the last 修补, if any). */
  cutout: StoredImage,
  /** Whether that cut-out was brushed in 修补. */
  touchedUp: Type.Boolean(),
  /** The photo as cut (the cut-out's colours without its transparency), for 对比 and 修补. */
  photoUrl: Type.String(),
  /** The photo's file name, as uploaded. */
  name: Type.String(),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
};

/**
 * `GET /api/v1/studio/works/:id`: a 抠图 or 换背景 work as last left, to open again on its screen
 * (继续编辑 in 最近作品, and a reload). Opening costs nothing; another seller's id is a 404.
 */
export const StudioWork = Type.Union([
  Type.Object({
    tool: Type.Literal('cutout'),
    ...WorkBase,
    /** The 主图尺寸 chosen (marketplace). */
    preset: Type.String(),
    /** 「同时生成白底主图」 as it was ticked. */
    makeMain: Type.Boolean(),
    /** The photo judged as a main image. */
    check: Type.Optional(MainImageReport),
    /** The latest main image, its marketplace and check, and whether 「这些都是商品」 made it. */
    main: Type.Optional(
      Type.Object({
        image: StoredImage,
        preset: Type.String(),
        check: MainImageReport,
        allParts: Type.Boolean(),
      }),
    ),
  }),
  Type.Object({
    tool: Type.Literal('replace'),
    ...WorkBase,
    /** The result this work made. */
    result: StoredImage,
    background: BackgroundChoice,
    placement: PlacementSettings,
  }),
]);
export type StudioWork = Static<typeof StudioWork>;
export type CutoutWork = Extract<StudioWork, { tool: 'cutout' }>;
export type ReplaceWork = Extract<StudioWork, { tool: 'replace' }>;

export const StudioWorkIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type StudioWorkIdParams = Static<typeof StudioWorkIdParams>;
