import { ResultCode } from '@chuhai/contract';
import { AppError } from '../http/app-error.ts';

/**
 * The console's small questions to a provider (获取模型列表, 刷新余额): one GET with the channel's
 * key, answered as JSON. Whatever goes wrong becomes one Chinese sentence the operator can act on:
 * a refused key or a wrong address is their input (400), a provider that is slow, down or answers
 * something else is the provider's (503).
 */
export interface LookupTarget {
  provider: string;
  baseUrl: string;
  key: string;
  timeoutMs: number;
}

/** A JSON answer, or null when the provider has no such address (404, 405). */
type Answer = { json: unknown } | null;

/** An answer longer than this is not a model list or a balance. */
const BODY_LIMIT = 4 * 1024 * 1024;

const providerDown = (message: string) => new AppError(ResultCode.providerUnavailable, message);
const badInput = (message: string) => new AppError(ResultCode.badRequest, message);

function authHeader(target: LookupTarget): Record<string, string> {
  if (!target.key) return {};
  // SD WebUI's --api-auth is HTTP Basic with `user:password`; the others take a bearer token.
  if (target.provider === 'sdwebui')
    return { authorization: `Basic ${Buffer.from(target.key).toString('base64')}` };
  return { authorization: `Bearer ${target.key}` };
}

async function readBody(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > BODY_LIMIT) throw providerDown('服务商的回答太大，不像模型列表或余额：请检查接口地址');
  const text = await response.text();
  if (text.length > BODY_LIMIT) throw providerDown('服务商的回答太大，不像模型列表或余额：请检查接口地址');
  return text;
}

/** The provider's HTTP refusal as the operator's next step. */
function refusal(status: number, host: string): AppError {
  if (status === 401 || status === 403)
    return badInput(`服务商拒绝了这个密钥（${status}）：请检查密钥是否填对、是否有权限`);
  if (status === 402) return badInput('服务商说这个账户余额不足（402）：请先充值');
  if (status === 429) return providerDown('服务商限流（429）：请稍后再试');
  if (status >= 500) return providerDown(`服务商 ${host} 出错（${status}）：请稍后再试`);
  return badInput(`服务商拒绝了这个请求（${status}）：请检查接口地址和接口类型`);
}

/** GETs `url` with the target's key; throws the Chinese error of whatever went wrong. */
export async function getJson(target: LookupTarget, url: URL): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...authHeader(target) },
      signal: AbortSignal.timeout(target.timeoutMs),
      redirect: 'error',
    });
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw refusal(response.status, url.host);
    }
    text = await readBody(response);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as Error).name === 'TimeoutError')
      throw providerDown(
        `服务商 ${Math.round(target.timeoutMs / 1000)} 秒内没有回答：请稍后再试，或检查接口地址`,
      );
    throw providerDown(`连不上服务商 ${url.host}：请检查接口地址`);
  }
  try {
    return { json: JSON.parse(text) };
  } catch {
    const html = /^\s*</.test(text) || (response.headers.get('content-type') ?? '').includes('html');
    throw providerDown(
      html
        ? '服务商返回的是网页而不是接口数据（可能是地址填错或代理的错误页）：请检查接口地址'
        : '服务商的回答不完整或不是 JSON：请稍后再试，或检查接口地址',
    );
  }
}

/** `base` + `path`, keeping the base's own path (`https://host/v1` + `/models`). */
export function under(base: string, path: string): URL {
  return new URL(`${base.trim().replace(/\/+$/, '')}${path}`);
}
