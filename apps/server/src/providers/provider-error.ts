/**
 * Why a provider call failed, the same words for every kind of provider (chat, image generation,
 * matting and those to come), so one place (`work/seller-error.ts`) tells the seller what happened
 * and the channel router of a later change can tell what is worth trying elsewhere.
 */
export type ProviderFailure =
  /** Our key was refused or the account has no balance (401, 402, 403): the operator must act. */
  | 'auth'
  /** The provider asked us to slow down (429). */
  | 'rate-limited'
  /** Our own queue for this provider is full (the matting pool). */
  | 'busy'
  /** The provider's content check refused the prompt or the picture. */
  | 'rejected-content'
  /** The provider refused the request as malformed (400, 422). */
  | 'bad-request'
  /**
   * The provider has no such address or model (404): the channel's address or model name is wrong,
   * not the request, so another channel may serve it and this one counts it as its failure.
   */
  | 'not-found'
  /** The provider failed or answered something we cannot use (5xx, a broken body). */
  | 'upstream'
  /** No connection (refused, DNS, reset before an answer). */
  | 'unreachable'
  /** The provider went silent in the middle of an answer. */
  | 'idle';

/**
 * Which service failed, so the seller reads the right one's words (work/seller-error.ts) whatever
 * feature called it: 图片翻译 uses OCR, matting, the node's pixel pool (`pixels`) and chat, 批量处理
 * matting and chat.
 */
export type ProviderService = 'chat' | 'draw' | 'matting' | 'ocr' | 'pixels';

/** Failures where the same request may succeed later or elsewhere. */
const RETRYABLE: ReadonlySet<ProviderFailure> = new Set([
  'rate-limited',
  'busy',
  'upstream',
  'unreachable',
  'idle',
]);

/** What every provider adapter throws. An abort through the caller's signal is not a ProviderError. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderFailure;
  /** The HTTP status the provider answered with, when it answered. */
  readonly status: number | undefined;
  /** Seconds to wait before trying again, when the provider or our queue said. */
  readonly retryAfter: number | undefined;
  /**
   * The service that failed: named by the adapter, or by the router every chat and drawing call
   * goes through (`failedIn`), so the adapters of one kind need not each say it.
   */
  service: ProviderService | undefined;

  constructor(
    kind: ProviderFailure,
    message: string,
    options: { status?: number; retryAfter?: number; cause?: unknown; service?: ProviderService } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.retryAfter = options.retryAfter;
    this.service = options.service;
  }

  /** Whether the same request may succeed on a later try or another channel. */
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** A failed HTTP answer's status as a failure kind. */
export function failureOfStatus(status: number): ProviderFailure {
  // 402: the account is out of money; like a refused key, only the operator can fix it.
  if (status === 401 || status === 402 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status === 404) return 'not-found';
  if (status === 400 || status === 422) return 'bad-request';
  return 'upstream';
}

/**
 * `error`, marked as a failure of `service` when it is a provider's failure that names none yet. The
 * caller's own time limit running out (`signal`) while it waited is that service's timeout too.
 */
export function failedIn(service: ProviderService, error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof ProviderError) {
    error.service ??= service;
    return error;
  }
  if ((signal?.reason as Error | undefined)?.name === 'TimeoutError')
    return new ProviderError('idle', `no answer from the ${service} service in the caller's time`, {
      service,
      cause: error,
    });
  return error;
}
