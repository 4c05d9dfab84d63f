import { type Static, Type } from 'typebox';
import { LOCALISE_LIMITS } from '../localise/sites.ts';
import { ActionKey } from './action-key.ts';
import { JobIdParams, JobItemStatus, JobStatus } from './job.ts';
import { ListingFacts } from './listing.ts';

/** 一键出海: one product (the listing form's facts and its uploaded photos) and the sites it goes to. */
export const LocaliseProduct = Type.Object({
  /** The seller's product code (a catalogue row's 商品编码); names the product's folder in the ZIP. */
  code: Type.Optional(Type.String({ maxLength: 40 })),
  facts: ListingFacts,
  /** A `localise-photo` id: the photo the main image is made from. */
  mainPhotoId: Type.Integer({ minimum: 1 }),
  /** `localise-photo` ids: the detail pictures, each translated into every site's language. */
  detailPhotoIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 8 }),
});
export type LocaliseProduct = Static<typeof LocaliseProduct>;

export const LocaliseBody = Type.Object({
  /** One product from the form, or every accepted row of a catalogue. */
  products: Type.Array(LocaliseProduct, { minItems: 1, maxItems: LOCALISE_LIMITS.products }),
  /** LOCALISE_SITES ids: `amazon-US`, `shopee-SG`. */
  sites: Type.Array(Type.String({ maxLength: 20 }), { minItems: 1, maxItems: LOCALISE_LIMITS.sites }),
  /**
   * The page's key for this start (a UUID made when the form last changed): a second request with
   * the same key answers the job the first one started, so a double click starts one job.
   */
  startKey: Type.Optional(ActionKey),
});
export type LocaliseBody = Static<typeof LocaliseBody>;

/** One kind of use the job needs, against what is left today. */
export const LocaliseUse = Type.Object({
  feature: Type.String(),
  /** 「AI 问答」「抠图」「图片翻译」 */
  name: Type.String(),
  unit: Type.String(),
  /** What the job uses at most (a picture without Chinese is not charged). */
  need: Type.Integer(),
  used: Type.Integer(),
  limit: Type.Integer(),
  left: Type.Integer(),
  /** What each use pays for, in Chinese: 「每个站点的 listing（含一次修正）」. */
  what: Type.String(),
});
export type LocaliseUse = Static<typeof LocaliseUse>;

export const LocaliseEstimate = Type.Object({
  sites: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), language: Type.String() })),
  uses: Type.Array(LocaliseUse),
  vip: Type.Boolean(),
  canStart: Type.Boolean(),
  /** Why it cannot start, in Chinese; empty when it can. */
  reason: Type.String(),
});
export type LocaliseEstimate = Static<typeof LocaliseEstimate>;

export type LocaliseJobStatus = JobStatus;
export type LocaliseTaskStatus = JobItemStatus;
/** What a task is doing while it is `processing`. */
export const LOCALISE_STAGES = ['listing', 'main', 'pictures', 'check'] as const;
export type LocaliseStage = (typeof LOCALISE_STAGES)[number];

/** One rule on the result: a platform's listing or picture rule, or 「没有残留中文」 on a picture. */
export const LocaliseRuleResult = Type.Object({
  /** `listing`, `main` or `picture`. */
  scope: Type.String(),
  /** Where: 「标题」「主图」「详情图 2」. */
  place: Type.String(),
  ruleId: Type.String(),
  level: Type.Union([Type.Literal('required'), Type.Literal('recommended')]),
  pass: Type.Boolean(),
  /** What was found, in Chinese. */
  message: Type.String(),
  /** What to do when it fails; empty when it passes. */
  todo: Type.String(),
  /**
   * The check could not tell (too few words to say which language): not a pass, and 不能上架 until
   * the seller has looked and confirmed it (`POST /api/v1/localise/:id/tasks/:taskId/confirm`).
   */
  unsure: Type.Optional(Type.Boolean()),
  /** The seller confirmed an unsure check: it passes on their word, and says so. */
  confirmed: Type.Optional(Type.Boolean()),
});
export type LocaliseRuleResult = Static<typeof LocaliseRuleResult>;

/** 「我已核对」 on one unsure check of a delivered product × site: the rule and where it was checked. */
export const LocaliseConfirmBody = Type.Object({
  ruleId: Type.String({ minLength: 1, maxLength: 100 }),
  place: Type.String({ minLength: 1, maxLength: 100 }),
});
export type LocaliseConfirmBody = Static<typeof LocaliseConfirmBody>;

/** A 术语表 term that was not followed, and where. */
export const LocaliseGlossaryMiss = Type.Object({
  place: Type.String(),
  source: Type.String(),
  /** What was expected: the fixed translation, or the source kept as it is. */
  expected: Type.String(),
});
export type LocaliseGlossaryMiss = Static<typeof LocaliseGlossaryMiss>;

export const LocaliseTask = Type.Object({
  id: Type.Integer(),
  /** Which of the job's products (0-based, the order they were sent in). */
  product: Type.Integer(),
  productName: Type.String(),
  productCode: Type.String(),
  site: Type.String(),
  siteName: Type.String(),
  language: Type.String(),
  status: JobItemStatus,
  stage: Type.Union([
    Type.Null(),
    Type.Literal('listing'),
    Type.Literal('main'),
    Type.Literal('pictures'),
    Type.Literal('check'),
  ]),
  reason: Type.String(),
  /** 可以上架: every 必须 rule passes on the result. Null until the task is done. */
  ready: Type.Union([Type.Boolean(), Type.Null()]),
  /** Whether the listing needed the one-click fix. */
  fixed: Type.Boolean(),
  listing: Type.Union([
    Type.Null(),
    Type.Object({
      title: Type.String(),
      bullets: Type.Array(Type.String()),
      description: Type.String(),
      searchTerms: Type.String(),
    }),
  ]),
  rules: Type.Array(LocaliseRuleResult),
  glossaryMisses: Type.Array(LocaliseGlossaryMiss),
  /** Uses charged for this task when it was delivered (none for a failed one). */
  charged: Type.Record(Type.String(), Type.Integer()),
  /** The listing saved in the seller's listings (opens in the listing studio); null until delivered. */
  listingId: Type.Union([Type.Integer(), Type.Null()]),
  /** The main image made for the site, a signed link; null until delivered. */
  mainImageUrl: Type.Union([Type.String(), Type.Null()]),
  /** Each detail picture as delivered (index from 1); a translated one opens in the translation editor. */
  pictures: Type.Array(
    Type.Object({
      index: Type.Integer(),
      url: Type.String(),
      translated: Type.Boolean(),
      /** The 图片翻译 behind it (`GET /api/v1/translate/:id`; the page opens `/translate?translation=ID`, `paths.translate.getHref`); null when it had no Chinese. */
      documentId: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type LocaliseTask = Static<typeof LocaliseTask>;

export const LocaliseJob = Type.Object({
  id: Type.Integer(),
  status: JobStatus,
  /** The first product's name, with 「等 N 个商品」 when there are more. */
  title: Type.String(),
  products: Type.Integer(),
  sites: Type.Array(Type.String()),
  total: Type.Integer(),
  /** Tasks by status, and those processing by stage: the progress on screen. */
  counts: Type.Record(Type.String(), Type.Integer()),
  stages: Type.Record(Type.String(), Type.Integer()),
  /** Tasks done and 可以上架. */
  ready: Type.Integer(),
  createdAt: Type.Integer(),
  endedAt: Type.Union([Type.Integer(), Type.Null()]),
  expiresAt: Type.Integer(),
});
export type LocaliseJob = Static<typeof LocaliseJob>;

export const LocaliseJobDetail = Type.Object({ job: LocaliseJob, tasks: Type.Array(LocaliseTask) });
export type LocaliseJobDetail = Static<typeof LocaliseJobDetail>;

export const LocaliseIdParams = JobIdParams;

export const LocalisePhoto = Type.Object({
  id: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type LocalisePhoto = Static<typeof LocalisePhoto>;

/** A catalogue row that was not taken: its row number in the sheet (the header is row 1) and why. */
export const LocaliseRefusedRow = Type.Object({
  row: Type.Integer(),
  code: Type.String(),
  reason: Type.String(),
});
export type LocaliseRefusedRow = Static<typeof LocaliseRefusedRow>;

/**
 * `POST /api/v1/localise/catalogue` (multipart: `sheet` a CSV or XLSX of products, `photos` a ZIP of
 * photos named by product code): the products ready for the estimate and the start (their photos
 * stored as `localise-photo`), and every row refused, by row and code, with the reason in Chinese.
 * Nothing is charged.
 */
/**
 * A product as the catalogue read it: what the job takes, and a link to its main photo for the list's
 * thumbnail. The link is the page's only; the job is started with the `LocaliseProduct` fields.
 */
export const LocaliseCatalogueProduct = Type.Object({
  ...LocaliseProduct.properties,
  /** Signed for the seller, as every stored image's `url`; optional so earlier values still type-check. */
  mainPhotoUrl: Type.Optional(Type.String()),
});
export type LocaliseCatalogueProduct = Static<typeof LocaliseCatalogueProduct>;

export const LocaliseCatalogue = Type.Object({
  products: Type.Array(LocaliseCatalogueProduct),
  refused: Type.Array(LocaliseRefusedRow),
  /**
   * Files in the ZIP that no product uses, each with why: no row has its code, a photo past the
   * 1 + LOCALISE_LIMITS.detailPictures a product takes, a file that is no picture. The server always
   * sends it; optional so that earlier clients' values still type-check.
   */
  ignoredPhotos: Type.Optional(Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }))),
});
export type LocaliseCatalogue = Static<typeof LocaliseCatalogue>;
