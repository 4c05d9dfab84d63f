import {
  type ConsumerLevelItem,
  chinaDay,
  DAY_IN_MS,
  FEATURE_LABELS,
  FEATURE_UNITS,
  FEATURES,
  type Feature,
  type FeatureUsage,
  nextChinaMidnight,
  ResultCode,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { dailyLimits } from '../pricing/service.ts';
import * as entitlements from './repository.ts';

/**
 * Entitlements: who is VIP until when, and how many uses of each metered feature are left today.
 * Every later feature calls `takeUse` before the work and `refundUse` when the work failed.
 */
export type EntitlementDeps = Pick<AppDeps, 'db' | 'clock'>;

/** A use taken from today's quota; hand it back to `refundUse` when the work fails. */
export interface UseTicket {
  id: number;
  userId: number;
  feature: Feature;
  day: string;
}

export const VIP_LEVEL_NAME = 'VIP';

/** VIP grants in force, latest end first (the `ConsumerLevel` list of `info`). */
export async function currentVip(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<ConsumerLevelItem[]> {
  const grants = await entitlements.findActiveGrants(db, userId, now);
  return grants.map((g) => ({
    levelName: g.level_name,
    levelStartAt: g.level_start_at,
    levelEndAt: g.level_end_at,
    source: g.source,
  }));
}

/** When each of these users' VIP ends, for those who are VIP at `now` (运营后台's user list). */
export function vipEnds(db: Kysely<Database>, userIds: readonly number[], now: number) {
  return entitlements.vipEndsOf(db, userIds, now);
}

/**
 * Grants VIP days, extending from max(now, current end). Applying the same (source, sourceRef)
 * again changes nothing, so a repeated payment notification never grants twice.
 * Call inside the transaction that records the reason for the grant.
 */
export async function grantVip(
  db: Kysely<Database>,
  grant: { userId: number; days: number; source: string; sourceRef: string },
  now: number,
): Promise<{ levelEndAt: number; granted: boolean }> {
  const existing = await entitlements.findGrantBySource(db, grant.source, grant.sourceRef);
  if (existing) return { levelEndAt: existing.level_end_at, granted: false };
  const currentEnd = (await entitlements.latestGrantEnd(db, grant.userId)) ?? 0;
  const startAt = Math.max(now, currentEnd);
  const endAt = startAt + grant.days * DAY_IN_MS;
  await entitlements.insertGrant(db, {
    userId: grant.userId,
    levelName: VIP_LEVEL_NAME,
    startAt,
    endAt,
    source: grant.source,
    sourceRef: grant.sourceRef,
    now,
  });
  return { levelEndAt: endAt, granted: true };
}

/**
 * Takes VIP days back (a refund, an operator's correction): the VIP end moves back by `days`, but
 * never before `now`, since days already used cannot be returned. Returns the new end (or now).
 * Call inside the transaction that records why.
 */
export async function takeBackVip(
  db: Kysely<Database>,
  userId: number,
  days: number,
  now: number,
): Promise<{ levelEndAt: number; daysTaken: number }> {
  const currentEnd = (await entitlements.latestGrantEnd(db, userId)) ?? now;
  const newEnd = Math.max(now, currentEnd - days * DAY_IN_MS);
  // Grants past the new end are cut back to it; one that had not started yet shrinks to nothing.
  for (const grant of await entitlements.findActiveGrants(db, userId, newEnd))
    await entitlements.setGrantSpan(
      db,
      Number(grant.id),
      Math.min(Number(grant.level_start_at), newEnd),
      newEnd,
    );
  return { levelEndAt: newEnd, daysTaken: Math.round((currentEnd - newEnd) / DAY_IN_MS) };
}

/** Today's uses and limits of every feature. */
export async function usageToday(
  db: Kysely<Database>,
  userId: number,
  isVip: boolean,
  now: number,
): Promise<FeatureUsage[]> {
  const used = await entitlements.usageByFeature(db, userId, chinaDay(now));
  const limits = (await dailyLimits(db))[isVip ? 'vip' : 'free'];
  return FEATURES.map((feature) => ({
    feature,
    name: FEATURE_LABELS[feature],
    used: used.get(feature) ?? 0,
    limit: limits[feature],
  }));
}

/**
 * Checks and takes one use of a feature: 200001 when the feature (or model) is VIP-only and the user
 * is not VIP, 200002 when today's quota is used up. Checked and written in one transaction per user,
 * so two requests at once cannot both take the last use.
 */
export async function takeUse(
  deps: EntitlementDeps,
  userId: number,
  feature: Feature,
  options: { vipOnly?: boolean; vipOnlyMessage?: string } = {},
): Promise<UseTicket> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => takeUseIn(trx, userId, feature, now, options));
}

/**
 * Takes `count` uses of one feature at once, all or none, in one transaction per user (AI 绘画 takes
 * one use per image asked for before the provider is called). Each ticket is refunded on its own.
 */
export async function takeUses(
  deps: EntitlementDeps,
  userId: number,
  feature: Feature,
  count: number,
  options: { vipOnly?: boolean; vipOnlyMessage?: string } = {},
): Promise<UseTicket[]> {
  const now = deps.clock.now();
  const ids = await deps.db
    .transaction()
    .execute((trx) => takeUsesIn(trx, userId, { [feature]: count }, now, options));
  return ids.map((id) => ({ id, userId, feature, day: chinaDay(now) }));
}

/** `takeUse` inside the caller's transaction, which also writes what the use pays for. */
export async function takeUseIn(
  trx: Kysely<Database>,
  userId: number,
  feature: Feature,
  now: number,
  options: { vipOnly?: boolean; vipOnlyMessage?: string } = {},
): Promise<UseTicket> {
  const [id] = await takeUsesIn(trx, userId, { [feature]: 1 }, now, options);
  return { id: id as number, userId, feature, day: chinaDay(now) };
}

/**
 * Takes `count` uses of each feature inside the caller's transaction, all or none: the caller writes
 * what the uses paid for in the same transaction, so a crash can neither charge without the result
 * nor keep the result without the charge (批量处理 charges each finished image this way).
 */
export async function takeUsesIn(
  trx: Kysely<Database>,
  userId: number,
  counts: Partial<Record<Feature, number>>,
  now: number,
  options: { vipOnly?: boolean; vipOnlyMessage?: string } = {},
): Promise<number[]> {
  const day = chinaDay(now);
  await entitlements.lockUser(trx, userId);
  const isVip = (await entitlements.findActiveGrants(trx, userId, now)).length > 0;
  if (options.vipOnly && !isVip) {
    throw new AppError(
      ResultCode.vipRequired,
      options.vipOnlyMessage ?? '该功能仅对 VIP 开放，开通 VIP 后即可使用',
    );
  }
  // Read in the transaction: a limit the console just changed applies to the very next use.
  const limits = await dailyLimits(trx);
  const usage = await entitlements.usageByFeature(trx, userId, day);
  const ids: number[] = [];
  for (const [feature, count] of Object.entries(counts) as [Feature, number][]) {
    const limit = limits[isVip ? 'vip' : 'free'][feature];
    const used = usage.get(feature) ?? 0;
    if (used + count > limit) {
      const message = quotaMessage(feature, { used, count, limit, vipLimit: limits.vip[feature], isVip });
      throw new AppError(ResultCode.quotaExceeded, message, {
        feature,
        limit,
        resetAt: nextChinaMidnight(now),
      });
    }
    for (let i = 0; i < count; i += 1)
      ids.push(await entitlements.insertUse(trx, { userId, feature, day, now }));
  }
  return ids;
}

/**
 * Why uses were refused: the day's quota is used up, or fewer are left than one request needs
 * (several AI 绘画 images, a batch image's outputs): then it says how many are left and needed.
 */
function quotaMessage(
  feature: Feature,
  q: { used: number; count: number; limit: number; vipLimit: number; isVip: boolean },
): string {
  const unit = FEATURE_UNITS[feature];
  const today = `今日${q.isVip ? '' : '免费'}`;
  // 「今日免费 AI 绘画」: a space between Han characters and a Latin word, none between Han characters.
  const what = `${today}${/^[A-Za-z]/.test(FEATURE_LABELS[feature]) ? ' ' : ''}${FEATURE_LABELS[feature]}`;
  const after = q.isVip ? '明天 00:00 恢复' : `开通 VIP 每天可用 ${q.vipLimit} ${unit}`;
  const left = Math.max(0, q.limit - q.used);
  if (left > 0) return `${what}只剩 ${left} ${unit}，本次需要 ${q.count} ${unit}（${after}）`;
  return `${what}额度（${q.limit} ${unit}）已用完，${after}`;
}

/**
 * Gives a failed use back. The refund counts against the day of the use, so a use taken at 23:59
 * and refunded after midnight frees yesterday's slot, not one of today's. Refunding twice is a no-op.
 */
export async function refundUse(deps: EntitlementDeps, ticket: UseTicket): Promise<boolean> {
  return deps.db.transaction().execute((trx) => entitlements.insertRefund(trx, ticket, deps.clock.now()));
}

// Reads and locks other modules need, as the repository gives them: the VIP grants running now
// (批量处理's VIP check), the usage ledger's latest rows (the console's user drawer), and the lock an
// invite reward takes on the inviter before counting this month's rewards.
export { findActiveGrants, lockUser, recentLedger } from './repository.ts';
