/**
 * Every limit of PRODUCT.md in one place, shared by the server (which enforces them) and the web app
 * (which explains them). Change a number here and both sides follow.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const SMS_LIMITS = {
  codeLength: 6,
  validForMs: 5 * MINUTE_MS,
  resendAfterMs: 60_000,
  /** Wrong tries before a code stops working and a new one must be sent. */
  maxWrongTries: 5,
  perPhonePerDay: 10,
  perIpPerHour: 20,
} as const;

export const PASSWORD_RULES = { minLength: 8, maxLength: 64 } as const;

export const LOGIN_LIMITS = {
  /** Wrong passwords per phone within the window, then a wait. */
  wrongPasswordsPerPhone: 5,
  wrongPasswordWindowMs: 15 * MINUTE_MS,
  /** Failed logins from one IP within the window (many phones tried from one place). */
  failuresPerIp: 50,
  failureWindowMsPerIp: 15 * MINUTE_MS,
} as const;

export const SESSION_LIMITS = {
  /** Sliding: every use pushes the expiry this far ahead. */
  lifetimeMs: 30 * DAY_MS,
  /** The expiry is written at most this often, so each request does not cost a database write. */
  touchEveryMs: 10 * MINUTE_MS,
  /** However active, a session ends this long after sign-in: a stolen token does not live forever. */
  absoluteMs: 90 * DAY_MS,
} as const;

/** Metered features (PRODUCT.md "Usage, VIP and quotas"). */
export const FEATURES = ['chat', 'draw', 'cutout', 'replace', 'translate'] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABELS: Record<Feature, string> = {
  chat: 'AI 问答',
  draw: 'AI 绘画',
  cutout: '抠图与主图',
  replace: '换背景',
  translate: '图片翻译',
};

/** What one use of a feature is counted in, as sellers read it: 「AI 问答 20 次」「AI 绘画 2 张」. */
export const FEATURE_UNITS: Record<Feature, string> = {
  chat: '次',
  draw: '张',
  cutout: '张',
  replace: '张',
  translate: '张',
};

/** Uses per day, reset at 00:00 China time. */
export const DAILY_QUOTAS: Record<'free' | 'vip', Record<Feature, number>> = {
  free: { chat: 20, draw: 2, cutout: 10, replace: 5, translate: 5 },
  vip: { chat: 300, draw: 50, cutout: 300, replace: 200, translate: 200 },
};

export const DAY_IN_MS = DAY_MS;

export const CHAT_LIMITS = {
  /** Characters in one question. */
  questionMaxLength: 4000,
  /** Characters of earlier questions and answers sent along as context. */
  contextBudgetChars: 6000,
  /** Earlier exchanges sent along at most, however short. */
  contextMaxExchanges: 10,
  tagTitleMaxLength: 20,
  tagPromptMaxLength: 4000,
  tagsPerUser: 50,
  historyKeywordMaxLength: 50,
  /** Characters of a conversation's name, set by the seller or taken from its first question. */
  conversationTitleMaxLength: 40,
  /** Ids in one delete call. */
  deleteMaxIds: 100,
} as const;

/** Invitation rewards, in VIP days (PRODUCT.md "Invitations"). */
export const INVITE_REWARDS = {
  /** The new user, on registering with a code. */
  inviteeOnRegister: 1,
  /** The inviter, when an invitee registers. */
  inviterOnRegister: 3,
  /** The inviter, on the invitee's first paid order. */
  inviterOnFirstOrder: 7,
  /** Registrations that earn the inviter a reward, per China-time month; more still count, unrewarded. */
  rewardedRegistrationsPerMonth: 50,
} as const;

const PAY_WITHIN_MINUTES = 15;

export const ORDER_LIMITS = {
  /** An unpaid order closes after this long. */
  payWithinMinutes: PAY_WITHIN_MINUTES,
  payWithinMs: PAY_WITHIN_MINUTES * MINUTE_MS,
  /** How often the server closes expired orders (the state is in the database, so restarts lose nothing). */
  closeSweepEveryMs: 30_000,
  /** How often the pay screen asks whether the order is paid. */
  pollEveryMs: 2000,
  /** How often the server may ask a payment provider about one order, whoever is polling. */
  queryEveryMs: 5000,
  /** Unpaid orders one user may hold at once (each needs a QR code from the provider). */
  pendingPerUser: 5,
} as const;

/** Image uploads (PRODUCT.md "Images"). */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size: a small file that unpacks into a huge image is refused before decoding. */
  maxPixels: 40_000_000,
  /** Files in one background-replacement request. */
  maxFiles: 10,
  formats: ['JPEG', 'PNG', 'WebP'],
} as const;

/**
 * Work one user may have running at once, on all nodes together: answers streaming, and pictures
 * being generated (AI 绘画 and AI scenes). More waits its turn with a 429, so one account cannot
 * keep a provider busy for everyone.
 */
export const CONCURRENCY_LIMITS = {
  chatStreams: 2,
  generations: 2,
  /** What the 429 asks the client to wait. */
  retryAfterSeconds: 10,
} as const;

/**
 * 批量处理 originals an account may keep waiting at once (queued, running, or paused for the next
 * day's uses, which keep theirs up to 7 days): past it, intake refuses further images, so a free
 * account cannot fill the disk with jobs it will never pay for. An original stops counting once
 * its image is finished.
 */
export const BATCH_HELD_LIMITS = {
  free: { images: 100, bytes: 200 * 1024 * 1024 },
  vip: { images: 2000, bytes: 4 * 1024 * 1024 * 1024 },
} as const;
