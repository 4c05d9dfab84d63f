/**
 * Result codes of the `{code, msg, data}` envelope (PRODUCT.md, "Envelope and codes").
 * Codes are numbers on the wire; the HTTP status always matches the code's class.
 */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  /** Signed in, but not allowed: a seller on an operator route, 客服 on a money action. */
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internalError: 500,
  providerFailed: 502,
  providerUnavailable: 503,
  providerTimeout: 504,
  tokenMissing: 400001,
  tokenInvalid: 400002,
  tokenExpired: 400003,
  vipRequired: 200001,
  quotaExceeded: 200002,
  contentRejected: 200004,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes that mean "log in again" (spec section 8). */
export const AUTH_FAILURE_CODES: readonly number[] = [
  ResultCode.tokenMissing,
  ResultCode.tokenInvalid,
  ResultCode.tokenExpired,
];

/** Codes the client rejects with the code as a string and no toast, so callers handle them. */
export const CALLER_HANDLED_CODES: readonly number[] = [
  ResultCode.vipRequired,
  ResultCode.quotaExceeded,
  ResultCode.contentRejected,
];

const HTTP_STATUS: Record<number, number> = {
  [ResultCode.tokenMissing]: 401,
  [ResultCode.tokenInvalid]: 401,
  [ResultCode.tokenExpired]: 401,
  [ResultCode.vipRequired]: 403,
  [ResultCode.quotaExceeded]: 403,
  [ResultCode.contentRejected]: 422,
};

/** The HTTP status that goes with a result code: the code itself for 3-digit codes, else the table. */
export function httpStatusOf(code: number): number {
  if (code >= 100 && code <= 599) return code;
  return HTTP_STATUS[code] ?? 500;
}

/** Default Chinese messages, used when a thrower gives none. */
export const DEFAULT_MESSAGES: Record<number, string> = {
  [ResultCode.ok]: '成功',
  [ResultCode.badRequest]: '请求参数有误',
  [ResultCode.notFound]: '请求的接口不存在',
  [ResultCode.methodNotAllowed]: '不支持该请求方法',
  [ResultCode.payloadTooLarge]: '上传内容过大',
  [ResultCode.unsupportedMediaType]: '不支持的文件格式',
  [ResultCode.tooManyRequests]: '请求过于频繁，请稍后再试',
  [ResultCode.internalError]: '服务器开小差了，请稍后再试',
  [ResultCode.providerFailed]: 'AI 服务出错了，请稍后再试',
  [ResultCode.providerUnavailable]: 'AI 服务暂不可用，请稍后再试',
  [ResultCode.providerTimeout]: 'AI 服务长时间没有响应，请稍后再试',
  [ResultCode.tokenMissing]: '请先登录',
  [ResultCode.tokenInvalid]: '登录状态已失效，请重新登录',
  [ResultCode.tokenExpired]: '登录已过期，请重新登录',
  [ResultCode.vipRequired]: '该功能需要开通 VIP',
  [ResultCode.quotaExceeded]: '今日次数已用完',
  [ResultCode.contentRejected]: '内容未通过安全检查，请修改后重试',
};
