import { type Static, Type } from 'typebox';
import { FEATURES } from '../limits.ts';

/**
 * Account calls (spec section 7, PRODUCT.md "Accounts"). Schemas check shape and size; the meaning
 * (a valid phone, a strong password) is checked by the server with the messages of account-rules.ts.
 */

const Phone = Type.String({ maxLength: 20 });
const SmsCode = Type.String({ maxLength: 10 });
const Password = Type.String({ maxLength: 128 });
const Sign = Type.String({ maxLength: 128 });
/** Seconds since the epoch. Clients send it as a number or a numeric string. */
const Timestamp = Type.Integer({ minimum: 0 });

/** `POST /api/v1/code/` */
export const SendCodeBody = Type.Object({
  phone: Phone,
  sign: Sign,
  ts: Timestamp,
  type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
  /** The solved proof-of-work from `GET /api/v1/captcha`: base64 of `{ challenge, solution }`. */
  captcha: Type.String({ minLength: 1, maxLength: 4000 }),
});
export type SendCodeBody = Static<typeof SendCodeBody>;

/**
 * `GET /api/v1/captcha`: a proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256) the browser solves
 * before asking for an SMS code, so sending texts costs a script real work. Served by this site.
 */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Record(Type.String(), Type.Unknown()),
  signature: Type.Optional(Type.String()),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

export const SendCodeResult = Type.Object({
  /** Seconds before another code may be sent. */
  resendAfter: Type.Integer(),
  /** Seconds the code stays valid. */
  expiresIn: Type.Integer(),
});
export type SendCodeResult = Static<typeof SendCodeResult>;

/** `POST /api/v1/register/` */
export const RegisterBody = Type.Object({
  phone: Phone,
  code: SmsCode,
  password: Password,
  inviteCode: Type.Optional(Type.String({ maxLength: 32 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** `POST /api/v1/login/`: with `password`, or with an SMS `code`. */
export const LoginBody = Type.Object({
  phone: Phone,
  password: Type.Optional(Password),
  code: Type.Optional(SmsCode),
});
export type LoginBody = Static<typeof LoginBody>;

/** `POST /api/v1/editPassword/`: change or forgotten password, proved by an SMS code of type 3. */
export const EditPasswordBody = Type.Object({
  username: Phone,
  code: SmsCode,
  password: Password,
  confirmPassword: Password,
  sign: Sign,
  ts: Timestamp,
});
export type EditPasswordBody = Static<typeof EditPasswordBody>;

/** What the client stores under `userinfo` (spec section 3). */
export const StoredUserInfo = Type.Object({ username: Type.String(), phone: Type.String() });

export const LoginResult = Type.Object({
  token: Type.String(),
  /** Epoch ms; the session slides forward with use. */
  expiresAt: Type.Number(),
  user: StoredUserInfo,
});
export type LoginResult = Static<typeof LoginResult>;

export const EditPasswordResult = Type.Object({
  /** Other sessions of the account that were signed out. */
  revokedSessions: Type.Integer(),
});
export type EditPasswordResult = Static<typeof EditPasswordResult>;

/** One VIP grant; the first item of `ConsumerLevel` is the one that ends last. */
export const ConsumerLevelItem = Type.Object({
  levelName: Type.String(),
  /** Epoch ms. */
  levelStartAt: Type.Number(),
  /** Epoch ms: the VIP expiry (spec section 3). */
  levelEndAt: Type.Number(),
  source: Type.String(),
});
export type ConsumerLevelItem = Static<typeof ConsumerLevelItem>;

export const FeatureUsage = Type.Object({
  feature: Type.Enum(FEATURES),
  name: Type.String(),
  used: Type.Integer(),
  limit: Type.Integer(),
});
export type FeatureUsage = Static<typeof FeatureUsage>;

/** `GET /api/v1/info` */
export const AccountInfo = Type.Object({
  username: Type.String(),
  /** The username with the middle four digits masked. */
  nickname: Type.String(),
  inviteCode: Type.String(),
  isVip: Type.Boolean(),
  /** VIP grants still in force, latest end first; empty when not VIP. */
  ConsumerLevel: Type.Array(ConsumerLevelItem),
  usage: Type.Array(FeatureUsage),
  /** Epoch ms of the next 00:00 China time, when today's usage resets. */
  usageResetAt: Type.Number(),
  createdAt: Type.Number(),
  /** 客服 and admins get a link to the console (the console checks the role on the server again). */
  role: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('support'), Type.Literal('admin')])),
});
export type AccountInfo = Static<typeof AccountInfo>;

/** `data` of 429 answers. */
export const RetryAfterData = Type.Object({ retryAfter: Type.Integer() });
export type RetryAfterData = Static<typeof RetryAfterData>;

/** `data` of 200002 answers. */
export const QuotaExceededData = Type.Object({
  feature: Type.String(),
  limit: Type.Integer(),
  /** Epoch ms of the reset. */
  resetAt: Type.Number(),
});
export type QuotaExceededData = Static<typeof QuotaExceededData>;

/** One place the account is signed in (个人中心 · 登录设备). */
export const LoginDevice = Type.Object({
  id: Type.Integer(),
  /** 「Chrome · Windows」 from the browser's User-Agent. */
  device: Type.String(),
  /** The address it signed in from, the last part hidden. */
  ip: Type.String(),
  signedInAt: Type.Number(),
  lastSeenAt: Type.Number(),
  /** The device making this request. */
  current: Type.Boolean(),
});
export type LoginDevice = Static<typeof LoginDevice>;

/** `POST /api/v1/sessions/revoke`: one device by `id`, or `all` other devices. */
export const RevokeSessionsBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  all: Type.Optional(Type.Boolean()),
});
export type RevokeSessionsBody = Static<typeof RevokeSessionsBody>;

/** `POST /api/v1/account/delete`: 注销账号, confirmed with an SMS code of type 4. */
export const DeleteAccountBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 12 }) });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** `GET /api/v1/account/export`: everything we hold about the caller (导出我的数据, PIPL). */
export const MyDataExport = Type.Object({
  exportedAt: Type.Number(),
  account: Type.Object({ phone: Type.String(), inviteCode: Type.String(), createdAt: Type.Number() }),
  vip: Type.Array(ConsumerLevelItem),
  orders: Type.Array(
    Type.Object({
      orderNo: Type.String(),
      productName: Type.String(),
      amountFen: Type.Integer(),
      channel: Type.String(),
      status: Type.String(),
      createdAt: Type.Number(),
      paidAt: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  chats: Type.Array(
    Type.Object({
      question: Type.String(),
      answer: Type.String(),
      tag: Type.Union([Type.String(), Type.Null()]),
      /** The AI 问答 conversation's title as the seller sees it in 历史对话 (null: never named). */
      conversation: Type.Union([Type.String(), Type.Null()]),
      createdAt: Type.Number(),
    }),
  ),
  tags: Type.Array(Type.Object({ title: Type.String(), prompt: Type.String(), updatedAt: Type.Number() })),
  images: Type.Array(
    Type.Object({
      kind: Type.String(),
      prompt: Type.Union([Type.String(), Type.Null()]),
      /** What 最近作品 says of it: the uploaded file's name, the language, its checks ({} for a drawing). */
      about: Type.Record(Type.String(), Type.Unknown()),
      createdAt: Type.Number(),
      /** A signed link to the file, valid for a day. */
      url: Type.String(),
    }),
  ),
  sessions: Type.Array(LoginDevice),
  invitations: Type.Object({ invitedCount: Type.Integer(), rewardDaysTotal: Type.Integer() }),
  /** Listing 工作台: the facts entered and the text written, per marketplace, site and language. */
  listings: Type.Array(
    Type.Object({
      marketplace: Type.String(),
      site: Type.String(),
      language: Type.String(),
      facts: Type.Unknown(),
      text: Type.Unknown(),
      createdAt: Type.Number(),
      updatedAt: Type.Number(),
    }),
  ),
  /** 图片翻译's 术语表: the terms the seller stored. */
  translateGlossary: Type.Array(
    Type.Object({
      source: Type.String(),
      target: Type.String(),
      translation: Type.Union([Type.String(), Type.Null()]),
      updatedAt: Type.Number(),
    }),
  ),
  /** 图片翻译: each translation still kept for 继续编辑, with its text as last drawn. */
  translations: Type.Array(
    Type.Object({
      target: Type.String(),
      fileName: Type.Union([Type.String(), Type.Null()]),
      blocks: Type.Array(Type.Object({ source: Type.String(), text: Type.String() })),
      createdAt: Type.Number(),
      updatedAt: Type.Number(),
    }),
  ),
  /** 抠图 and 换背景: each work still kept for 继续编辑, with its settings. */
  studioWorks: Type.Array(
    Type.Object({
      tool: Type.String(),
      name: Type.String(),
      settings: Type.Unknown(),
      createdAt: Type.Number(),
      updatedAt: Type.Number(),
    }),
  ),
  /** 批量处理: each job and what became of each image. */
  batchJobs: Type.Array(
    Type.Object({
      createdAt: Type.Number(),
      status: Type.String(),
      images: Type.Array(Type.Object({ name: Type.String(), status: Type.String(), reason: Type.String() })),
    }),
  ),
  /** 一键出海: each job, the product's facts and photo ids, and the sites picked. */
  localiseJobs: Type.Array(
    Type.Object({
      createdAt: Type.Number(),
      status: Type.String(),
      products: Type.Unknown(),
      sites: Type.Array(Type.String()),
    }),
  ),
});
export type MyDataExport = Static<typeof MyDataExport>;
