import {
  chinaMonth,
  INVITE_EVENTS,
  INVITE_REWARDS,
  type InviteHistoryPage,
  maskPhone,
  ResultCode,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import { findUserById } from '../account/service.ts';
import { grantVip, lockUser } from '../entitlement/service.ts';
import * as invites from './repository.ts';

const EVENT_NAMES: Record<string, string> = {
  [INVITE_EVENTS.register]: '好友注册',
  [INVITE_EVENTS.firstOrder]: '好友首次购买',
};

/**
 * Rewards a registration through an invite code, inside the registration's transaction: the invitee
 * gets 1 VIP day, the inviter 3, unless the inviter has already been rewarded for 50 registrations
 * this China-time month (the event is still recorded, with 0 days).
 */
export async function rewardRegistration(
  trx: Kysely<Database>,
  pair: { inviterId: number; inviteeId: number },
  now: number,
): Promise<void> {
  // Two invitees registering at once must not both take the inviter's 50th reward.
  await lockUser(trx, pair.inviterId);
  const month = chinaMonth(now);
  const rewarded = await invites.countRewardedRegistrations(trx, pair.inviterId, month);
  const inviterDays =
    rewarded < INVITE_REWARDS.rewardedRegistrationsPerMonth ? INVITE_REWARDS.inviterOnRegister : 0;
  const eventId = await invites.insertEvent(trx, {
    ...pair,
    event: INVITE_EVENTS.register,
    inviterDays,
    inviteeDays: INVITE_REWARDS.inviteeOnRegister,
    month,
    now,
  });
  const ref = String(eventId);
  if (inviterDays > 0) {
    await grantVip(
      trx,
      { userId: pair.inviterId, days: inviterDays, source: 'invite-register', sourceRef: ref },
      now,
    );
  }
  await grantVip(
    trx,
    {
      userId: pair.inviteeId,
      days: INVITE_REWARDS.inviteeOnRegister,
      source: 'invited-register',
      sourceRef: ref,
    },
    now,
  );
}

/**
 * Rewards the inviter 7 VIP days for an invitee's first paid order, once per invitee whatever
 * number of orders or notifications follow. Call inside the transaction that marks the order paid.
 */
export async function rewardFirstOrder(
  trx: Kysely<Database>,
  invitee: { id: number; invitedBy: number | null },
  now: number,
): Promise<boolean> {
  if (invitee.invitedBy === null) return false;
  if (await invites.findEvent(trx, invitee.id, INVITE_EVENTS.firstOrder)) return false;
  const eventId = await invites.insertEvent(trx, {
    inviterId: invitee.invitedBy,
    inviteeId: invitee.id,
    event: INVITE_EVENTS.firstOrder,
    inviterDays: INVITE_REWARDS.inviterOnFirstOrder,
    inviteeDays: 0,
    month: chinaMonth(now),
    now,
  });
  await grantVip(
    trx,
    {
      userId: invitee.invitedBy,
      days: INVITE_REWARDS.inviterOnFirstOrder,
      source: 'invite-first-order',
      sourceRef: String(eventId),
    },
    now,
  );
  return true;
}

type ActivityRow = Awaited<ReturnType<typeof invites.historyPage>>[number];

function toActivity(row: ActivityRow) {
  return {
    id: Number(row.id),
    // A friend who deleted their account is no longer a phone number.
    phone: /^\d{11}$/.test(row.phone) ? maskPhone(row.phone) : '已注销用户',
    event: row.event === INVITE_EVENTS.firstOrder ? ('first-order' as const) : ('register' as const),
    eventName: EVENT_NAMES[row.event] ?? row.event,
    rewardDays: Number(row.inviter_days),
    capped: Number(row.inviter_days) === 0,
    createdAt: Number(row.created_at),
  };
}

/** `GET /api/v1/inviteActivityHistory`: the inviter's events (page size 5) and totals. */
export async function history(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  params: PageParams,
): Promise<InviteHistoryPage> {
  const { db } = deps;
  const [user, totals, rewardedThisMonth] = await Promise.all([
    findUserById(db, userId),
    invites.totals(db, userId),
    invites.countRewardedRegistrations(db, userId, chinaMonth(deps.clock.now())),
  ]);
  if (!user) throw new AppError(ResultCode.tokenInvalid);
  const page = await paginate(
    params,
    'inviteHistory',
    { rows: (window) => invites.historyPage(db, userId, window), total: async () => totals.events },
    toActivity,
  );
  return {
    ...page,
    summary: {
      inviteCode: user.invite_code,
      invitedCount: totals.invited,
      rewardDaysTotal: totals.days,
      rewardedThisMonth,
      monthlyCap: INVITE_REWARDS.rewardedRegistrationsPerMonth,
    },
  };
}

// The console's user drawer: how many this user invited, and the latest invitations.
export { historyPage as invitationsPage, totals as inviteTotals } from './repository.ts';
