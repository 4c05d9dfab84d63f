import { type Static, Type } from 'typebox';
import { FEATURES } from '../limits.ts';
import { TotpCode } from './admin.ts';
import { Plan } from './order.ts';
import { Page, PageQuery } from './paging.ts';

/**
 * Operator console II: what an operator changes week to week without a file edit or a restart —
 * plans, daily limits, the prompt library, redeem codes, announcements and provider health.
 */

/** A plan as the console sees it: the public fields plus whether it is on sale and where it sits. */
export const AdminPlan = Type.Object({
  ...Plan.properties,
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
});
export type AdminPlan = Static<typeof AdminPlan>;

/** What an operator sets on a plan. */
export const PlanFields = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20 }),
  days: Type.Integer({ minimum: 1, maximum: 3660 }),
  price: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  originalPrice: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  badge: Type.String({ maxLength: 10 }),
  benefits: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 8 }),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 999 }),
});
export type PlanFields = Static<typeof PlanFields>;
/** `POST /api/admin/plans/:id`: what sellers pay changes, so with a two-factor code. */
export const PlanEditBody = Type.Object({ ...PlanFields.properties, totp: TotpCode });
export type PlanEditBody = Static<typeof PlanEditBody>;
/** `POST /api/admin/plans`: a new plan, with its `id`. */
export const PlanCreateBody = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  ...PlanEditBody.properties,
});
export type PlanCreateBody = Static<typeof PlanCreateBody>;

const FeatureLimits = Type.Object(
  Object.fromEntries(FEATURES.map((f) => [f, Type.Integer({ minimum: 0, maximum: 100_000 })])) as Record<
    (typeof FEATURES)[number],
    ReturnType<typeof Type.Integer>
  >,
);
/** `GET /api/v1/limits`: today's daily limits per feature, free and VIP, as the server enforces them. */
export const DailyLimits = Type.Object({ free: FeatureLimits, vip: FeatureLimits });
export type DailyLimits = Static<typeof DailyLimits>;
/**
 * `GET /api/v1/offer`: what this site delivers now besides the daily numbers — which metered tools
 * are switched on and whether the advanced chat model exists. Booleans only: which provider, model
 * or key is behind them stays with the operator. Plans may promise only these (plan-promises.ts).
 */
export const SiteOffer = Type.Object({
  advancedModel: Type.Boolean(),
  features: Type.Object(
    Object.fromEntries(FEATURES.map((f) => [f, Type.Boolean()])) as Record<
      (typeof FEATURES)[number],
      ReturnType<typeof Type.Boolean>
    >,
  ),
});
export type SiteOffer = Static<typeof SiteOffer>;
/** `POST /api/admin/limits`: what sellers get changes, so with a two-factor code. */
export const LimitsEditBody = Type.Object({ ...DailyLimits.properties, totp: TotpCode });
export type LimitsEditBody = Static<typeof LimitsEditBody>;

/** A prompt of the library as the console edits it. */
export const AdminLibraryPrompt = Type.Object({
  id: Type.String(),
  categoryId: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  prompt: Type.String(),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
});
export type AdminLibraryPrompt = Static<typeof AdminLibraryPrompt>;
export const AdminLibraryCategory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
  prompts: Type.Array(AdminLibraryPrompt),
});
export type AdminLibraryCategory = Static<typeof AdminLibraryCategory>;
export const LibraryCategoryBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20 }),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 999 }),
});
export type LibraryCategoryBody = Static<typeof LibraryCategoryBody>;
export const LibraryPromptBody = Type.Object({
  categoryId: Type.String({ minLength: 1, maxLength: 40 }),
  title: Type.String({ minLength: 1, maxLength: 20 }),
  summary: Type.String({ maxLength: 60 }),
  prompt: Type.String({ minLength: 1, maxLength: 4000 }),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 999 }),
});
export type LibraryPromptBody = Static<typeof LibraryPromptBody>;

/** 兑换码: what a batch of codes is worth. */
export const RedeemBatchBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 40 }),
  /** A plan's days (its id), or `days` VIP days. */
  planId: Type.Optional(Type.String({ maxLength: 40 })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660 })),
  count: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** Codes cannot be redeemed after this (ms). */
  expiresAt: Type.Number(),
  /** Codes of this batch one account may redeem. */
  perUserLimit: Type.Integer({ minimum: 1, maximum: 100 }),
  totp: TotpCode,
});
export type RedeemBatchBody = Static<typeof RedeemBatchBody>;
export const RedeemBatch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  planId: Type.Union([Type.String(), Type.Null()]),
  days: Type.Integer(),
  count: Type.Integer(),
  redeemed: Type.Integer(),
  expiresAt: Type.Number(),
  perUserLimit: Type.Integer(),
  disabled: Type.Boolean(),
  createdAt: Type.Number(),
});
export type RedeemBatch = Static<typeof RedeemBatch>;
export const RedeemBatchPage = Page(RedeemBatch);
export type RedeemBatchPage = Static<typeof RedeemBatchPage>;
export const RedeemBatchQuery = PageQuery('redeemBatches');
/** The codes themselves, shown once when the batch is made (only their hashes are kept). */
export const NewRedeemBatch = Type.Object({ batch: RedeemBatch, codes: Type.Array(Type.String()) });
export type NewRedeemBatch = Static<typeof NewRedeemBatch>;

/** `POST /api/v1/redeem`: a seller redeems a code. */
export const RedeemBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });
export type RedeemBody = Static<typeof RedeemBody>;
export const RedeemResult = Type.Object({
  days: Type.Integer(),
  vipEndAt: Type.Number(),
  /**
   * True when this account had already redeemed the code (a double click, a retry after a lost
   * answer): the answer is that redemption's, nothing was added.
   */
  repeat: Type.Optional(Type.Boolean()),
});
export type RedeemResult = Static<typeof RedeemResult>;

/** 公告: a bar across the top of every page, or a card on the home page. */
export const ANNOUNCEMENT_PLACES = ['bar', 'card'] as const;
export const Announcement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Markdown, shown through the sanitising renderer. */
  body: Type.String(),
  place: Type.Union([Type.Literal('bar'), Type.Literal('card')]),
  startsAt: Type.Number(),
  endsAt: Type.Number(),
});
export type Announcement = Static<typeof Announcement>;
export const AnnouncementBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 40 }),
  body: Type.String({ maxLength: 2000 }),
  place: Type.Union([Type.Literal('bar'), Type.Literal('card')]),
  startsAt: Type.Number(),
  endsAt: Type.Number(),
});
export type AnnouncementBody = Static<typeof AnnouncementBody>;

/** 服务状态: one external system, whether it is set up, and (for admins) what to set. */
export const ProviderKind = Type.Union([
  Type.Literal('chat'),
  Type.Literal('drawing'),
  Type.Literal('matting'),
  Type.Literal('sms'),
  Type.Literal('payment'),
  Type.Literal('storage'),
]);
export type ProviderKind = Static<typeof ProviderKind>;
export const ProviderStatus = Type.Object({
  kind: ProviderKind,
  name: Type.String(),
  configured: Type.Boolean(),
  /** Which adapter is in use, e.g. `openai-compatible · deepseek-chat`. */
  detail: Type.String(),
  /** What an operator sets to turn it on or change it (environment variables and README section). */
  howTo: Type.String(),
});
export type ProviderStatus = Static<typeof ProviderStatus>;
export const ProviderTestResult = Type.Object({
  ok: Type.Boolean(),
  /** What came back, in Chinese. */
  message: Type.String(),
  tookMs: Type.Integer(),
});
export type ProviderTestResult = Static<typeof ProviderTestResult>;
