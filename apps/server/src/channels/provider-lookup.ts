import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ResultCode } from '@chuhai/contract';
import { AppError } from '../lib/app-error.ts';
import { mayConnect, type PrivateNetworks } from '../lib/public-address.ts';
import { ForbiddenAddressError, guardedGet, readCapped, TooLargeError } from '../lib/public-fetch.ts';

/**
 * The console's small questions to a provider (获取模型列表, 刷新余额): one GET with the channel's
 * key, answered as JSON, through the same address guard as providers' result links
 * (lib/public-fetch.ts): public addresses, or the private networks the operator turned on. Whatever
 * goes wrong becomes one Chinese sentence the operator can act on: a refused key or a wrong address
 * is their input (400), a provider that is down or answers something else is the provider's (503).
 *
 * An address that does not answer (refused, reset, silent, unknown name, TLS that fails) gets one
 * sentence, and only once the whole wait is over: otherwise the console would tell an open port from
 * a closed one, by its words or by how soon it spoke.
 */
export interface LookupTarget {
  provider: string;
  baseUrl: string;
  key: string;
  timeoutMs: number;
  /** CHANNEL_PRIVATE_NETWORKS: the private addresses a lookup may reach (a local SD WebUI). */
  privateNetworks: PrivateNetworks;
  /** Tests: a provider's origin answered by a fake (`https://api.deepseek.com` → `http://127.0.0.1:PORT`). */
  standIns?: Readonly<Record<string, string>>;
}

/** A JSON answer, or null when the provider has no such address (404, 405). */
type Answer = { json: unknown } | null;

/** An answer longer than this is not a model list or a balance. */
export const BODY_LIMIT = 4 * 1024 * 1024;

const providerDown = (message: string) => new AppError(ResultCode.providerUnavailable, message);
const badInput = (message: string) => new AppError(ResultCode.badRequest, message);

/** The one sentence for every address that did not answer. */
export const NO_ANSWER =
  '服务商没有正常回答：请检查接口地址（主机、端口、http 还是 https）是否填对、服务是否开着，稍后再试';

function authHeader(target: LookupTarget): Record<string, string> {
  if (!target.key) return {};
  // SD WebUI's --api-auth is HTTP Basic with `user:password`; the others take a bearer token.
  if (target.provider === 'sdwebui')
    return { authorization: `Basic ${Buffer.from(target.key).toString('base64')}` };
  return { authorization: `Bearer ${target.key}` };
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

const privateAddress = (host: string) =>
  badInput(
    `接口地址 ${host} 是本机或内网地址，这里不去访问：本机或内网的服务（SD WebUI、Ollama 等）要由运维在服务器的环境变量 CHANNEL_PRIVATE_NETWORKS 里写上它的地址或网段（见 README「渠道」）`,
  );

/** Where `url` really goes: itself, or the fake a test put in place of its origin. */
function reached(target: LookupTarget, url: URL): URL {
  const standIn = target.standIns?.[url.origin];
  return standIn ? new URL(`${url.pathname}${url.search}`, standIn) : url;
}

/** GETs `url` with the target's key; throws the Chinese error of whatever went wrong. */
export async function getJson(target: LookupTarget, url: URL): Promise<Answer> {
  const deadline = performance.now() + target.timeoutMs;
  let response: IncomingMessage;
  let body: Buffer;
  try {
    response = await guardedGet(reached(target, url), {
      signal: AbortSignal.timeout(target.timeoutMs),
      check: (address) => mayConnect(address, target.privateNetworks),
      headers: { accept: 'application/json', ...authHeader(target) },
    });
    const status = response.statusCode ?? 0;
    if (status === 404 || status === 405) {
      response.destroy();
      return null;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw refusal(status, url.host);
    }
    body = await readCapped(response, BODY_LIMIT);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ForbiddenAddressError) throw privateAddress(url.hostname);
    if (error instanceof TooLargeError)
      throw providerDown('服务商的回答太大，不像模型列表或余额：请检查接口地址');
    await sleep(Math.max(0, deadline - performance.now()));
    throw providerDown(NO_ANSWER);
  }
  const text = body.toString('utf8');
  try {
    return { json: JSON.parse(text) };
  } catch {
    const html = /^\s*</.test(text) || (response.headers['content-type'] ?? '').includes('html');
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
