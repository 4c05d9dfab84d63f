import { ResultCode, type StaffMe, type TotpSetup } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffUser } from '../../http/auth.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import * as accounts from '../account/repository.ts';
import { recordAudit } from '../audit/repository.ts';

/** Operators: who is on the console, their two-factor authenticator, and the checks money actions pass. */
export type OperatorDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

async function operator(deps: OperatorDeps, staff: StaffUser) {
  const user = await accounts.findUserById(deps.db, staff.userId);
  if (!user) throw new AppError(ResultCode.tokenInvalid, '账号不存在，请重新登录');
  return user;
}

export async function me(deps: OperatorDeps, staff: StaffUser): Promise<StaffMe> {
  const user = await operator(deps, staff);
  return { userId: staff.userId, phone: user.phone, role: staff.role, totpBound: user.totp_secret !== null };
}

/** Starts binding an authenticator: a new secret, shown once as a QR code; confirmed with a code. */
export async function setupTotp(deps: OperatorDeps, staff: StaffUser): Promise<TotpSetup> {
  const secret = newTotpSecret();
  await accounts.setPendingTotp(deps.db, staff.userId, secret);
  return { secret, otpauthUri: otpauthUri(secret, staff.phone) };
}

export async function confirmTotp(
  deps: OperatorDeps,
  staff: StaffUser,
  code: string,
  ip: string,
): Promise<void> {
  const user = await operator(deps, staff);
  const now = deps.clock.now();
  const step = user.totp_pending_secret ? matchTotp(user.totp_pending_secret, code, now) : null;
  if (!user.totp_pending_secret || step === null)
    throw new AppError(ResultCode.badRequest, '验证码不对，请确认手机时间准确后输入验证器上的 6 位数字');
  await deps.db.transaction().execute(async (trx) => {
    await accounts.bindTotp(trx, staff.userId, user.totp_pending_secret as string, step);
    await recordAudit(trx, {
      actorId: staff.userId,
      action: 'totp.bind',
      target: `user:${staff.userId}`,
      after: { bound: true, rebound: user.totp_secret !== null },
      ip,
      now,
    });
  });
}

export function requireAdmin(staff: StaffUser): void {
  if (staff.role !== 'admin') throw new AppError(ResultCode.forbidden, '只有管理员可以进行这项操作');
}

/**
 * Every money action: an admin, with a fresh code from the bound authenticator. A code is accepted
 * once (its 30-second step is recorded), so a code seen over a shoulder cannot be replayed.
 */
export async function requireMoneyAuth(deps: OperatorDeps, staff: StaffUser, code: string): Promise<void> {
  requireAdmin(staff);
  const user = await operator(deps, staff);
  if (!user.totp_secret)
    throw new AppError(
      ResultCode.forbidden,
      '请先在运营后台「两步验证」里绑定验证器，再进行涉及资金和权益的操作',
    );
  const step = matchTotp(user.totp_secret, code, deps.clock.now());
  if (step === null)
    throw new AppError(ResultCode.badRequest, '两步验证码不对，请输入验证器上当前的 6 位数字');
  if (!(await accounts.claimTotpStep(deps.db, staff.userId, step)))
    throw new AppError(ResultCode.badRequest, '这个两步验证码已经用过了，请等验证器显示下一个');
}
