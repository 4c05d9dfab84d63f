import type { ProviderFailure } from '../providers/provider-error.ts';
import { ProviderError } from '../providers/provider-error.ts';

/**
 * When a channel is cooled down, and how it comes back. Not a ban on one error: a channel is
 * cooled when at least `minFailures` of its calls in the last `windowMs` failed and they were at
 * least `errorRate` of them, or at once on an answer no retry can fix (a refused key, no balance).
 * After the cooldown one trial call is let through (half-open); success restores the channel,
 * failure cools it again for twice as long, up to `maxLevel` doublings.
 */
export const HEALTH = {
  windowMs: 5 * 60_000,
  minFailures: 3,
  errorRate: 0.5,
  maxLevel: 5,
  /** A trial call holds the channel this long; a node that died mid-trial frees it after. */
  trialHoldMs: 120_000,
} as const;

/** A failed attempt as the router records it: the provider's failure kind, or a timeout of ours. */
export type AttemptFailure = ProviderFailure | 'timeout';

/** Failures that say nothing about the channel (our request or the seller's content): not counted, not retried elsewhere. */
const NOT_THE_CHANNEL: ReadonlySet<AttemptFailure> = new Set(['bad-request', 'rejected-content']);

export function countsAgainstChannel(failure: AttemptFailure): boolean {
  return !NOT_THE_CHANNEL.has(failure);
}

/** Whether the next channel may be tried: anything but a fault in the request itself. */
export function worthAnotherChannel(failure: AttemptFailure): boolean {
  return countsAgainstChannel(failure);
}

/** An answer that retrying cannot fix: the key is refused or the account is out of money. */
export function isFatal(error: unknown): boolean {
  return error instanceof ProviderError && error.kind === 'auth';
}

export function failureOf(error: unknown, timedOut: boolean): AttemptFailure {
  if (timedOut) return 'timeout';
  return error instanceof ProviderError ? error.kind : 'upstream';
}

/** Why an attempt failed, in the operator's words (shown in the console and the audit log). */
export function failureReason(error: unknown, failure: AttemptFailure, firstByteMs: number): string {
  const status = error instanceof ProviderError ? error.status : undefined;
  if (failure === 'timeout') return `${firstByteMs} 毫秒内没有返回首字节`;
  if (status === 402) return '余额不足（402）';
  if (failure === 'auth') return `密钥无效或无权限（${status ?? '认证失败'}）`;
  if (failure === 'rate-limited') return '请求过于频繁（429）';
  if (failure === 'not-found') return '地址或模型不存在（404）';
  if (failure === 'unreachable') return '无法连接';
  if (failure === 'idle') return '回答中途断开';
  if (failure === 'busy') return '服务繁忙';
  return status ? `服务商出错（${status}）` : '服务商出错';
}

/** How long the next cooldown lasts: the base doubled once per failed trial before it. */
export function cooldownFor(baseMs: number, level: number): number {
  return baseMs * 2 ** Math.min(level, HEALTH.maxLevel);
}
