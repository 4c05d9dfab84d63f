import { type Static, Type } from 'typebox';
import { IMAGE_MARKETPLACE_IDS, type ImageMarketplaceId } from '../main-image/rules.ts';
import { ActionKey } from './action-key.ts';
import { JOB_ITEM_STATUS_NAMES, JobIdParams, JobItemStatus, JobStatus } from './job.ts';

/**
 * 批量处理: a whole catalogue in one durable job. The seller uploads images (or ZIPs of them), picks
 * the steps, and downloads one ZIP of results with report.csv.
 */
export const BATCH_LIMITS = {
  maxImages: 500,
  maxBytes: 500 * 1024 * 1024,
  /** One file, or one image inside a ZIP unpacked (a bomb's entry stops here). */
  maxEntryBytes: 10 * 1024 * 1024,
  /** Entries read from the ZIPs of one upload, images or not. */
  maxZipEntries: 1000,
  /** Bytes unpacked from the ZIPs of one upload, whatever they turn out to be (a bomb stops here). */
  maxUnpackedBytes: 600 * 1024 * 1024,
  /** Jobs and their results are listed this long. */
  keepDays: 7,
  /** Images of one job in the matting pool at once, so a batch never starves the single-image tools. */
  parallelPerJob: 1,
  /** The longest side of a result's thumbnail in the job's table (twice its shown size, for sharp screens). */
  thumbnailPx: 160,
} as const;

export const ImageMarketplaceSchema = Type.Union([
  Type.Literal('amazon'),
  Type.Literal('tiktok'),
  Type.Literal('temu'),
  Type.Literal('shopee'),
  Type.Literal('lazada'),
  Type.Literal('mercadolibre'),
  Type.Literal('ebay'),
  Type.Literal('walmart'),
  Type.Literal('shopify'),
]);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _same: Same<Static<typeof ImageMarketplaceSchema>, ImageMarketplaceId> = true;
void _same;

/** What to make from every image. At least one of them. */
export const BatchSteps = Type.Object({
  /** A transparent PNG of the product. */
  cutout: Type.Boolean(),
  /** A white main image per marketplace, checked against its rules. */
  marketplaces: Type.Array(ImageMarketplaceSchema, {
    maxItems: IMAGE_MARKETPLACE_IDS.length,
    uniqueItems: true,
  }),
  /** The product on a plain colour (#rrggbb)… */
  backgroundColor: Type.Union([Type.Null(), Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })]),
  /** …or on a design of the background library (its id); one of the two at most. */
  backgroundDesign: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 40 })])),
  /** 图片翻译: the image's Chinese put into this language (a TRANSLATE_LANGUAGES code), or null. */
  translate: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 5 })])),
  /** 图片翻译: also translate the text printed on the product (kept as it is by default). */
  translateProductText: Type.Optional(Type.Boolean()),
});
export type BatchSteps = Static<typeof BatchSteps>;

export type BatchJobStatus = JobStatus;
export type BatchItemStatus = JobItemStatus;

export const BATCH_ITEM_STATUS_NAMES = JOB_ITEM_STATUS_NAMES;

const Counts = Type.Object({
  waiting: Type.Integer(),
  processing: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  paused: Type.Integer(),
  cancelled: Type.Integer(),
});

export const BatchJob = Type.Object({
  id: Type.Integer(),
  status: JobStatus,
  steps: BatchSteps,
  total: Type.Integer(),
  counts: Counts,
  /** Files refused at upload (not images, too large), with the reason; nothing was charged for them. */
  refused: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
  createdAt: Type.Integer(),
  endedAt: Type.Union([Type.Null(), Type.Integer()]),
  expiresAt: Type.Integer(),
});
export type BatchJob = Static<typeof BatchJob>;

/** One marketplace's verdicts: on the uploaded photo as it was, and on the main image made from it. */
export const BatchCheck = Type.Object({
  marketplace: Type.String(),
  originalPass: Type.Boolean(),
  pass: Type.Boolean(),
});

export const BatchItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: JobItemStatus,
  /** Why it failed or is paused, in Chinese; empty otherwise. */
  reason: Type.String(),
  checks: Type.Array(BatchCheck),
  /**
   * A small picture of the result (the first main image, else the product on its background, else the
   * cut-out), signed for the owner; null until the image is done, and for images done before
   * thumbnails were made.
   */
  thumbnailUrl: Type.Union([Type.Null(), Type.String()]),
  /** The full-size result the thumbnail shows. */
  previewUrl: Type.Union([Type.Null(), Type.String()]),
  /**
   * 图片翻译's must: how many places of Chinese are left on the translated picture (report.csv's
   * 残留中文); null without the step, or until the picture is translated.
   */
  residual: Type.Union([Type.Null(), Type.Integer()]),
});
export type BatchItem = Static<typeof BatchItem>;

export const BatchJobDetail = Type.Object({ job: BatchJob, items: Type.Array(BatchItem) });
export type BatchJobDetail = Static<typeof BatchJobDetail>;

/**
 * `POST /api/v1/batch/jobs?startKey=`: the page's key for this start (ActionKey). It rides in the
 * address rather than the form so the server knows it before the upload streams in: a repeat of a
 * start reads none of its files and answers the job the first request made.
 */
export const BatchStartQuery = Type.Object({ startKey: Type.Optional(ActionKey) });
export type BatchStartQuery = Static<typeof BatchStartQuery>;

export const BatchIdParams = JobIdParams;
