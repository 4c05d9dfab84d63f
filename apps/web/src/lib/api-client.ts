import {
  AUTH_FAILURE_CODES,
  CALLER_HANDLED_CODES,
  type Envelope,
  HEADERS,
  ResultCode,
  requestSignature,
} from '@chuhai/contract';
import { paths } from '../config/paths';
import { currentToken, useAuthStore } from '../stores/auth-store';

/**
 * The API client: one place for the envelope and the error catalogue of spec section 8.
 * It knows nothing of React; the app plugs in toasts and navigation with `configureApiClient`.
 */

/** A rejected call. `reason` is the spec's rejection value: the code as a string, or data or msg. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly reason: unknown;

  constructor(code: number, msg: string, data: unknown, reason: unknown) {
    super(typeof reason === 'string' ? reason : msg);
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.reason = reason;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  params?: QueryParams;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Sends the no-error header: auth failures stay silent (spec section 8). */
  noError?: boolean;
  /** No toast for a failure: the caller shows its own error state (or polls, and tries again). */
  silent?: boolean;
  signal?: AbortSignal;
  /** No timeout unless asked for (spec section 7). */
  timeoutMs?: number;
  accept?: string;
}

interface ClientHooks {
  notifyError: (message: string) => void;
  redirectToLogin: () => void;
  /** The current route path (hash router), e.g. `/question/history`. */
  currentPath: () => string;
  onNewBuild: (buildTime: string) => void;
}

const hooks: ClientHooks = {
  notifyError: () => {},
  redirectToLogin: () => {
    window.location.hash = `#${paths.login.getHref()}`;
  },
  currentPath: () => window.location.hash.replace(/^#/, '').split('?', 1)[0] || '/',
  onNewBuild: () => {},
};

export function configureApiClient(overrides: Partial<ClientHooks>): void {
  Object.assign(hooks, overrides);
}

/** Pages whose path contains these only reject an auth failure: they show a sign-in prompt themselves. */
const SIGNED_OUT_OK_PAGES = [paths.question.path, paths.draw.path];
const AUTH_PAGES: readonly string[] = [paths.login.path, paths.register.path];

export const BUILD_TIME: string = typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : 'dev';

/** Appends query parameters by hand (spec section 7); empty values are left out. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  if (pairs.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

/** The headers every call carries: Authorization, the session token, x-token and BuildTime. */
export function buildHeaders(
  url: string,
  options: { noError?: boolean; json?: boolean; accept?: string } = {},
) {
  const token = currentToken();
  const headers: Record<string, string> = {
    Authorization: token ? `Bearer ${token}` : '',
    [HEADERS.signature]: requestSignature(url, BUILD_TIME),
    [HEADERS.buildTime]: BUILD_TIME,
    Accept: options.accept ?? 'application/json',
  };
  if (token) headers[HEADERS.session] = token;
  if (options.noError) headers.noError = '1';
  if (options.json) headers['Content-Type'] = 'application/json';
  return headers;
}

function describeData(data: unknown): string | null {
  if (typeof data === 'string' || typeof data === 'number') return String(data);
  return null;
}

/**
 * Applies the error catalogue to one envelope: returns `data` on 200, otherwise toasts or redirects
 * as the spec says and throws an ApiError.
 */
export function handleEnvelope<T>(
  envelope: Envelope<T>,
  call: { url: string; noError?: boolean; silent?: boolean },
): T {
  const { code, msg, data } = envelope;
  if (code === ResultCode.ok) return data;
  const dataOrMsg = data !== null && data !== undefined && data !== '' ? data : msg;

  if (AUTH_FAILURE_CODES.includes(code)) {
    const page = hooks.currentPath();
    if (SIGNED_OUT_OK_PAGES.some((fragment) => page.includes(fragment))) {
      throw new ApiError(code, msg, data, dataOrMsg);
    }
    if (AUTH_PAGES.includes(page)) {
      if (!call.noError) hooks.notifyError(describeData(dataOrMsg) ?? msg);
      throw new ApiError(code, msg, data, dataOrMsg);
    }
    if (!call.noError) {
      useAuthStore.getState().expire();
      hooks.redirectToLogin();
    }
    throw new ApiError(code, msg, data, dataOrMsg);
  }

  if (CALLER_HANDLED_CODES.includes(code)) throw new ApiError(code, msg, data, String(code));
  if (!call.silent) {
    const detail = describeData(data);
    hooks.notifyError(detail && detail !== msg ? `${msg}：${detail}` : msg);
  }
  throw new ApiError(code, msg, data, dataOrMsg);
}

/** Sends one API call and unwraps its envelope. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.params);
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasJson = options.body !== undefined && !isForm;
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: buildHeaders(url, {
        noError: options.noError,
        json: hasJson,
        ...(options.accept ? { accept: options.accept } : {}),
      }),
      body: isForm ? (options.body as FormData) : hasJson ? JSON.stringify(options.body) : undefined,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new ApiError(0, '请求已取消', null, 'aborted');
    }
    const msg = '网络连接失败，请检查网络后重试';
    if (!options.silent) hooks.notifyError(msg);
    throw new ApiError(0, msg, null, msg);
  }

  const newBuild = response.headers.get(HEADERS.newBuild);
  if (newBuild) hooks.onNewBuild(newBuild);

  const envelope = envelopeOf<T>(await response.text().catch(() => ''), response.status);
  return handleEnvelope(envelope, { url, noError: options.noError, silent: options.silent });
}

/**
 * An answer's body as our envelope; anything else (a proxy's error page, a body cut short) as an
 * envelope that says so, with the HTTP status as its code when that is an error. The one place
 * every call (JSON, uploads, event streams) reads an answer that may not be ours.
 */
export function envelopeOf<T>(text: string, status: number): Envelope<T> {
  try {
    const envelope = JSON.parse(text) as Envelope<T>;
    if (typeof envelope?.code === 'number') return envelope;
  } catch {
    // not JSON: answered below
  }
  return { code: status >= 400 ? status : 500, msg: '服务器返回了无法识别的内容', data: null as T };
}

export const api = {
  get: <T>(path: string, params?: QueryParams, options: Omit<RequestOptions, 'params' | 'method'> = {}) =>
    apiRequest<T>(path, { ...options, params, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    apiRequest<T>(path, { ...options, body: body ?? {}, method: 'POST' }),
};
