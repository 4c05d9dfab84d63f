import { type Static, Type } from 'typebox';
import { TotpCode } from './admin.ts';
import { Page, PageQuery } from './paging.ts';

/**
 * Provider channels (运营后台 · 渠道): each kind of paid AI provider may have several channels, tried
 * by priority and weight, cooled down when they fail and tried again after. See docs/decisions.md.
 */
export const CHANNEL_KINDS = ['chat', 'image'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_KIND_NAMES: Record<ChannelKind, string> = { chat: '对话模型', image: '图片生成' };

/** The protocol a channel speaks; chat channels speak the OpenAI-compatible one. */
export const CHANNEL_PROVIDERS: Record<ChannelKind, readonly string[]> = {
  chat: ['openai'],
  image: ['openai', 'dashscope', 'sdwebui'],
};

/** What a channel's provider calls are counted as in the cost ledger. */
export const COST_PURPOSES = [
  'chat',
  'listing',
  'draw',
  'replace',
  'translate',
  'localise-listing',
  'localise-translate',
  'probe',
] as const;
export type CostPurpose = (typeof COST_PURPOSES)[number];
export const COST_PURPOSE_NAMES: Record<CostPurpose, string> = {
  chat: 'AI 问答',
  listing: 'Listing 写作',
  draw: 'AI 绘画',
  replace: '换背景',
  translate: '图片翻译',
  // 一键出海's calls apart from the tools', so 成本 can tell what a job costs.
  'localise-listing': '一键出海 · Listing',
  'localise-translate': '一键出海 · 图片翻译',
  probe: '渠道测试',
};

export const CHANNEL_STATES = ['healthy', 'cooling', 'trial', 'off'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
export const CHANNEL_STATE_NAMES: Record<ChannelState, string> = {
  healthy: '正常',
  cooling: '冷却中',
  trial: '待试探',
  off: '已停用',
};

/** Limits on what an operator may enter. */
export const CHANNEL_LIMITS = { keys: 20, models: 50, priority: 1000, weight: 1000, price: 100_000 } as const;

const ChannelKindSchema = Type.Union([Type.Literal('chat'), Type.Literal('image')]);
const Price = Type.Number({ minimum: 0, maximum: CHANNEL_LIMITS.price });

/** What an operator sends to add or edit a channel. Keys: on edit, an empty list keeps the stored ones. */
export const ChannelInput = Type.Object({
  kind: ChannelKindSchema,
  name: Type.String({ minLength: 1, maxLength: 40 }),
  provider: Type.String({ minLength: 1, maxLength: 20 }),
  baseUrl: Type.String({ minLength: 1, maxLength: 300 }),
  keys: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: CHANNEL_LIMITS.keys }),
  /** Models this channel offers; empty: whatever is asked. */
  models: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: CHANNEL_LIMITS.models }),
  /** Asked model name → the provider's own name for it. */
  modelMap: Type.Record(Type.String({ maxLength: 100 }), Type.String({ minLength: 1, maxLength: 100 })),
  priority: Type.Integer({ minimum: 0, maximum: CHANNEL_LIMITS.priority }),
  weight: Type.Integer({ minimum: 1, maximum: CHANNEL_LIMITS.weight }),
  enabled: Type.Boolean(),
  /** What we pay, in yuan: per million input and output tokens (chat), per image (image). */
  priceInput: Price,
  priceOutput: Price,
  priceImage: Price,
});
export type ChannelInput = Static<typeof ChannelInput>;

/**
 * 新增 / 编辑 with the admin's two-factor code: a channel decides where sellers' questions and
 * pictures go, with whose key, and at what cost, so a stolen admin session alone must not change it.
 */
export const ChannelSaveBody = Type.Object({ ...ChannelInput.properties, totp: TotpCode });
export type ChannelSaveBody = Static<typeof ChannelSaveBody>;

/** 停用 / 启用: only ever sends traffic to channels an admin with a code has set up, so no code. */
export const ChannelEnabledBody = Type.Object({ enabled: Type.Boolean() });
export type ChannelEnabledBody = Static<typeof ChannelEnabledBody>;

/** What a new channel starts with, in the console's form and for a channel read from the environment. */
export const CHANNEL_DEFAULTS: Readonly<Omit<ChannelInput, 'kind' | 'name' | 'provider' | 'baseUrl'>> = {
  keys: [],
  models: [],
  modelMap: {},
  priority: 0,
  weight: 1,
  enabled: true,
  priceInput: 0,
  priceOutput: 0,
  priceImage: 0,
};

/**
 * A channel's account balance as its provider last told it (刷新余额): with the first key, the one
 * most channels have. `offered: false` when the provider answered that it has no balance query.
 */
export const ChannelBalance = Type.Object({
  offered: Type.Boolean(),
  amount: Type.Union([Type.Number(), Type.Null()]),
  /** `CNY` or `USD`, as the provider counts. */
  currency: Type.Union([Type.String(), Type.Null()]),
  /** The provider says the account cannot make calls now (DeepSeek's `is_available`). */
  usable: Type.Boolean(),
  keyTail: Type.String(),
  readAt: Type.Number(),
});
export type ChannelBalance = Static<typeof ChannelBalance>;

/**
 * 获取模型列表: ask the provider for its models with the key typed in the form, or, editing a saved
 * channel with the key left empty, the channel's stored key (only ever sent to its stored address).
 * `totp`: the admin's two-factor code, needed unless the address is the saved channel's own.
 */
export const ChannelModelsBody = Type.Object({
  kind: ChannelKindSchema,
  provider: Type.String({ minLength: 1, maxLength: 20 }),
  baseUrl: Type.String({ minLength: 1, maxLength: 300 }),
  key: Type.Optional(Type.String({ maxLength: 500 })),
  channelId: Type.Optional(Type.Integer({ minimum: 1 })),
  totp: Type.Optional(TotpCode),
});
export type ChannelModelsBody = Static<typeof ChannelModelsBody>;

export const ChannelModels = Type.Object({ models: Type.Array(Type.String()) });
export type ChannelModels = Static<typeof ChannelModels>;

export const ChannelView = Type.Object({
  id: Type.Integer(),
  kind: ChannelKindSchema,
  name: Type.String(),
  provider: Type.String(),
  baseUrl: Type.String(),
  /** The last 4 characters of each key: keys are never shown back. */
  keyTails: Type.Array(Type.String()),
  /** Tails of the keys the provider refused, resting now while the channel's other keys carry on. */
  restingKeyTails: Type.Array(Type.String()),
  models: Type.Array(Type.String()),
  modelMap: Type.Record(Type.String(), Type.String()),
  priority: Type.Integer(),
  weight: Type.Integer(),
  enabled: Type.Boolean(),
  priceInput: Type.Number(),
  priceOutput: Type.Number(),
  priceImage: Type.Number(),
  /** Seeded from LLM_CHANNELS / IMAGE_CHANNELS / LLM_BASE_URL…: rewritten on every start. */
  fromEnv: Type.Boolean(),
  state: Type.Union([
    Type.Literal('healthy'),
    Type.Literal('cooling'),
    Type.Literal('trial'),
    Type.Literal('off'),
  ]),
  /** Why it was cooled down, in Chinese; empty when healthy. */
  stateReason: Type.String(),
  cooldownUntil: Type.Union([Type.Number(), Type.Null()]),
  /** The last 24 hours. */
  calls: Type.Integer(),
  errors: Type.Integer(),
  avgFirstByteMs: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the provider may tell the balance (DeepSeek, new-api/one-api style gateways); false: it has no such query. */
  balanceQuery: Type.Boolean(),
  /** The balance last read with 刷新余额; null when never read. */
  balance: Type.Union([ChannelBalance, Type.Null()]),
});
export type ChannelView = Static<typeof ChannelView>;

export const ChannelTestResult = Type.Object({
  ok: Type.Boolean(),
  message: Type.String(),
  tookMs: Type.Integer(),
});
export type ChannelTestResult = Static<typeof ChannelTestResult>;

/** One China day of the cost report: revenue from paid orders against what the providers cost. */
export const CostDay = Type.Object({
  day: Type.String(),
  /** Yuan. */
  revenue: Type.Number(),
  cost: Type.Number(),
  margin: Type.Number(),
  calls: Type.Integer(),
  byPurpose: Type.Record(Type.String(), Type.Number()),
});
export type CostDay = Static<typeof CostDay>;

export const CostReport = Type.Object({
  days: Type.Array(CostDay),
  totals: Type.Object({ revenue: Type.Number(), cost: Type.Number(), margin: Type.Number() }),
  byChannel: Type.Array(
    Type.Object({ name: Type.String(), calls: Type.Integer(), errors: Type.Integer(), cost: Type.Number() }),
  ),
});
export type CostReport = Static<typeof CostReport>;

export const CostQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })) });

/** Why a call in the cost ledger failed, in the console's words (the ledger stores the kind). */
export const CALL_FAILURE_NAMES: Record<string, string> = {
  auth: '密钥无效或欠费',
  'rate-limited': '服务商限流',
  busy: '排队已满',
  'rejected-content': '内容审核拒绝',
  'bad-request': '请求被拒（参数）',
  'not-found': '地址或模型不存在',
  upstream: '服务商出错',
  unreachable: '连接失败',
  idle: '中途无响应',
  timeout: '首字超时',
};

const ChinaDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const CostPurposeSchema = Type.Union(COST_PURPOSES.map((p) => Type.Literal(p)));

/** One AI call of the cost ledger (成本 · 调用明细). */
export const CostCall = Type.Object({
  id: Type.Integer(),
  createdAt: Type.Number(),
  /** The China day it is counted on in the report. */
  day: Type.String(),
  /** Null: a channel test, or a seller who has since closed the account. */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  /** The seller's phone masked (138****1234); 「—」 without a seller. */
  seller: Type.String(),
  purpose: Type.String(),
  channel: Type.String(),
  model: Type.String(),
  inputTokens: Type.Integer(),
  outputTokens: Type.Integer(),
  /** The provider sent no usage: the tokens were counted here (about one per CJK character). */
  estimated: Type.Boolean(),
  images: Type.Integer(),
  /** Yuan, to the micro-yuan. */
  cost: Type.Number(),
  ok: Type.Boolean(),
  /** The failure kind (`CALL_FAILURE_NAMES`); empty when ok. */
  failure: Type.String(),
});
export type CostCall = Static<typeof CostCall>;
export const CostCallPage = Page(CostCall);
export type CostCallPage = Static<typeof CostCallPage>;
export const CostCallQuery = PageQuery('costCalls', {
  /** A seller by the full phone number. */
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  /** A seller by id (a row of the log or of the ranking clicked). */
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  purpose: Type.Optional(CostPurposeSchema),
  channel: Type.Optional(Type.String({ maxLength: 40 })),
  /** One China day, as in the daily table. */
  day: Type.Optional(ChinaDay),
});
export type CostCallQuery = Static<typeof CostCallQuery>;

/** The periods of the seller ranking; 本月 is the user drawer's month (the same figure). */
export const SELLER_COST_PERIODS = ['7', '30', 'month'] as const;
export type SellerCostPeriod = (typeof SELLER_COST_PERIODS)[number];
export const SELLER_COST_TOP = 50;

/** One seller's AI cost and what they paid us over the period. */
export const SellerCost = Type.Object({
  userId: Type.Integer(),
  seller: Type.String(),
  calls: Type.Integer(),
  /** Input and output tokens together. */
  tokens: Type.Integer(),
  images: Type.Integer(),
  cost: Type.Number(),
  /** Yuan: the seller's orders paid in the period, less what was refunded of them (as in the report). */
  revenue: Type.Number(),
  margin: Type.Number(),
});
export type SellerCost = Static<typeof SellerCost>;

export const SellerCostReport = Type.Object({
  /** The first China day counted. */
  from: Type.String(),
  /** The most costly sellers first, at most `SELLER_COST_TOP`. */
  sellers: Type.Array(SellerCost),
  /** Every seller with a call in the period, not only those shown. */
  totals: Type.Object({
    sellers: Type.Integer(),
    calls: Type.Integer(),
    tokens: Type.Integer(),
    cost: Type.Number(),
  }),
  /** Calls with no seller (channel tests, closed accounts): with the totals, the report's cost. */
  unattributed: Type.Object({ calls: Type.Integer(), cost: Type.Number() }),
});
export type SellerCostReport = Static<typeof SellerCostReport>;
export const SellerCostQuery = Type.Object({
  period: Type.Optional(Type.Union(SELLER_COST_PERIODS.map((p) => Type.Literal(p)))),
});
