import {
  type AccountInfo,
  type LoginDevice,
  maskPhone,
  nextChinaMidnight,
  ResultCode,
} from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentVip, usageToday } from '../entitlement/service.ts';
import { deviceLabel, maskIp } from './device-label.ts';
import * as accounts from './repository.ts';
import type { SessionUser } from './session.ts';

export type AccountDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

function badRequest(message: string): AppError {
  return new AppError(ResultCode.badRequest, message);
}

/** Logout: the session is revoked on the server, so a copied token stops working too. */
export async function logout(deps: AccountDeps, session: SessionUser): Promise<void> {
  await accounts.revokeSession(deps.db, session.sessionId, deps.clock.now());
}

/** `GET /api/v1/info`: the account, VIP grants in force and today's usage per feature. */
export async function accountInfo(deps: AccountDeps, session: SessionUser): Promise<AccountInfo> {
  const now = deps.clock.now();
  const user = await accounts.findUserById(deps.db, session.userId);
  if (!user) throw new AppError(ResultCode.tokenInvalid, '账号不存在，请重新登录');
  const levels = await currentVip(deps.db, user.id, now);
  return {
    username: user.phone,
    nickname: maskPhone(user.phone),
    inviteCode: user.invite_code,
    isVip: levels.length > 0,
    ConsumerLevel: levels,
    usage: await usageToday(deps.db, user.id, levels.length > 0, now),
    usageResetAt: nextChinaMidnight(now),
    createdAt: user.created_at,
    role: user.role,
  };
}

/** `GET /api/v1/sessions`: where the account is signed in (登录设备), this device first. */
export async function listSessions(deps: AccountDeps, caller: SessionUser): Promise<LoginDevice[]> {
  const rows = await accounts.liveSessions(deps.db, caller.userId, deps.clock.now());
  const devices = rows.map((row) => ({
    id: Number(row.id),
    device: deviceLabel(row.user_agent ?? ''),
    ip: maskIp(row.ip ?? ''),
    signedInAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    current: Number(row.id) === caller.sessionId,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/** `POST /api/v1/sessions/revoke` {id}: signs one other device out; `all` signs out every other. */
export async function revokeSessions(
  deps: AccountDeps,
  caller: SessionUser,
  target: { id?: number; all?: boolean },
): Promise<{ revoked: number }> {
  const now = deps.clock.now();
  if (target.all)
    return { revoked: await accounts.revokeOtherSessions(deps.db, caller.userId, caller.sessionId, now) };
  if (!target.id) throw badRequest('请选择要退出的设备');
  if (target.id === caller.sessionId) throw badRequest('这是当前设备，请用「退出登录」');
  if (!(await accounts.revokeOwnSession(deps.db, caller.userId, target.id, now)))
    throw new AppError(ResultCode.notFound, '该设备已退出或不存在');
  return { revoked: 1 };
}

// Other modules' lookups of an account: by id (the sandbox's test phones and the first-order invite
// reward in order, the invite code on 邀请记录, 导出 and 注销 in privacy) and by phone (whether an SMS
// code may be sent for sign-up or only for a registered phone), and many at once by id (成本's call
// log and seller ranking).
export { findUserById, findUserByPhone, phonesOf } from './repository.ts';
