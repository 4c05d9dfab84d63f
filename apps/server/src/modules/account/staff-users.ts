import { randomUUID } from 'node:crypto';
import {
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserRow,
  INVITE_EVENTS,
  maskPhone,
  ResultCode,
  type UserRole,
} from '@chuhai/contract';
import { requireAdmin, type StaffUser } from '../../http/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PageParams } from '../../lib/paging.ts';
import { paginate } from '../../lib/paging.ts';
import { monthCostOf } from '../admin/service.ts';
import { recordAudit } from '../audit/service.ts';
import {
  currentVip,
  grantVip,
  recentLedger,
  takeBackVip,
  usageToday,
  vipEnds,
} from '../entitlement/service.ts';
import { invitationsPage, inviteTotals } from '../invite/service.ts';
import { allOrders, toView as orderView } from '../order/service.ts';
import { deviceLabel, maskIp } from './device-label.ts';
import type { OperatorDeps } from './operators.ts';
import * as accounts from './repository.ts';

/** 运营后台 · 用户: find accounts, look at one, adjust VIP, disable, change roles. */
type UserRow = Awaited<ReturnType<typeof accounts.usersPage>>[number];

function toRow(
  row: Pick<UserRow, 'id' | 'phone' | 'invite_code' | 'role' | 'disabled_at' | 'created_at'>,
  vipEndAt: number | null,
): AdminUserRow {
  return {
    id: Number(row.id),
    phone: row.phone,
    inviteCode: row.invite_code,
    role: row.role as UserRole,
    disabled: row.disabled_at !== null,
    createdAt: Number(row.created_at),
    vipEndAt,
  };
}

/** A page of accounts, each with when its VIP ends (one query for the page, not one per row). */
export function searchUsers(
  deps: OperatorDeps,
  query: PageParams & { keyword?: string },
): Promise<AdminUserPage> {
  const keyword = query.keyword?.trim() ?? '';
  return paginate(
    query,
    'adminUsers',
    {
      rows: async (window) => {
        const rows = await accounts.usersPage(deps.db, keyword, window);
        const ends = await vipEnds(
          deps.db,
          rows.map((row) => Number(row.id)),
          deps.clock.now(),
        );
        return rows.map((row) => ({ row, vipEndAt: ends.get(Number(row.id)) ?? null }));
      },
      total: () => accounts.countUsers(deps.db, keyword),
    },
    ({ row, vipEndAt }) => toRow(row, vipEndAt),
  );
}

async function userOr404(deps: OperatorDeps, userId: number) {
  const user = await accounts.findUserById(deps.db, userId);
  if (!user || user.phone.startsWith('deleted-'))
    throw new AppError(ResultCode.notFound, '用户不存在或已注销');
  return user;
}

export async function userDetail(deps: OperatorDeps, userId: number): Promise<AdminUserDetail> {
  const user = await userOr404(deps, userId);
  const now = deps.clock.now();
  const vip = await currentVip(deps.db, userId, now);
  const [usage, orderRows, totals, sessions, ledger, invitations, monthCost] = await Promise.all([
    usageToday(deps.db, userId, vip.length > 0, now),
    allOrders(deps.db, userId),
    inviteTotals(deps.db, userId),
    accounts.liveSessions(deps.db, userId, now),
    recentLedger(deps.db, userId, 50),
    invitationsPage(deps.db, userId, { offset: 0, limit: 20 }),
    monthCostOf(deps, userId),
  ]);
  return {
    user: toRow(user, vip[0]?.levelEndAt ?? null),
    vip,
    usage: usage.map((u) => ({ feature: u.feature, name: u.name, used: u.used, limit: u.limit })),
    orders: orderRows.reverse().map(orderView),
    invitedCount: totals.invited,
    monthCost,
    invitations: invitations.map((row) => ({
      phone: /^\d{11}$/.test(row.phone) ? maskPhone(row.phone) : '已注销用户',
      eventName: row.event === INVITE_EVENTS.firstOrder ? '好友首次购买' : '好友注册',
      rewardDays: Number(row.inviter_days),
      createdAt: Number(row.created_at),
    })),
    ledger: ledger.map((row) => ({
      feature: row.feature,
      day: row.day,
      delta: Number(row.delta),
      createdAt: Number(row.created_at),
    })),
    sessions: sessions.map((s) => ({
      id: Number(s.id),
      device: deviceLabel(s.user_agent ?? ''),
      ip: maskIp(s.ip ?? ''),
      signedInAt: Number(s.created_at),
      lastSeenAt: Number(s.last_seen_at),
      current: false,
    })),
  };
}

/** A VIP change of 0 days is refused before the operator's two-factor code is spent on it. */
export function checkVipDays(days: number): void {
  if (days === 0) throw new AppError(ResultCode.badRequest, '天数不能为 0');
}

/**
 * Grants (days > 0) or takes back (days < 0) VIP days; the route has checked two-factor; the reason
 * goes to the ledger.
 */
export async function adjustVip(
  deps: OperatorDeps,
  staff: StaffUser,
  userId: number,
  change: { days: number; reason: string; totp: string },
  ip: string,
) {
  checkVipDays(change.days);
  await userOr404(deps, userId);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = (await currentVip(trx, userId, now))[0]?.levelEndAt ?? null;
    const levelEndAt =
      change.days > 0
        ? (
            await grantVip(
              trx,
              { userId, days: change.days, source: 'admin', sourceRef: `admin:${randomUUID()}` },
              now,
            )
          ).levelEndAt
        : (await takeBackVip(trx, userId, -change.days, now)).levelEndAt;
    await recordAudit(
      trx,
      { userId: staff.userId, ip },
      {
        action: change.days > 0 ? 'vip.grant' : 'vip.take',
        target: `user:${userId}`,
        before: { vipEndAt: before },
        after: { vipEndAt: levelEndAt, days: change.days, reason: change.reason },
      },
      now,
    );
    return { vipEndAt: levelEndAt };
  });
}

/** Disables (every session ends, login refused) or enables an account. Admin only; audited. */
export async function setDisabled(
  deps: OperatorDeps,
  staff: StaffUser,
  userId: number,
  change: { disabled: boolean; reason: string },
  ip: string,
): Promise<void> {
  requireAdmin(staff);
  if (userId === staff.userId) throw new AppError(ResultCode.badRequest, '不能停用自己的账号');
  const user = await userOr404(deps, userId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await accounts.setDisabled(trx, userId, change.disabled ? now : null);
    if (change.disabled) await accounts.revokeOtherSessions(trx, userId, null, now);
    await recordAudit(
      trx,
      { userId: staff.userId, ip },
      {
        action: change.disabled ? 'user.disable' : 'user.enable',
        target: `user:${userId}`,
        before: { disabled: user.disabled_at !== null },
        after: { disabled: change.disabled, reason: change.reason },
      },
      now,
    );
  });
}

/** Grants or takes a role (the route has checked two-factor, since an admin can move money). */
export async function setRole(
  deps: OperatorDeps,
  staff: StaffUser,
  userId: number,
  change: { role: UserRole; totp: string },
  ip: string,
): Promise<void> {
  if (userId === staff.userId) throw new AppError(ResultCode.badRequest, '不能修改自己的角色');
  const user = await userOr404(deps, userId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await accounts.setRole(trx, userId, change.role);
    await recordAudit(
      trx,
      { userId: staff.userId, ip },
      {
        action: 'role.change',
        target: `user:${userId}`,
        before: { role: user.role },
        after: { role: change.role },
      },
      now,
    );
  });
}
