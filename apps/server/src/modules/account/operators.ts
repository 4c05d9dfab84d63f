import { ResultCode, type StaffMe, type TotpSetup } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { requireAdmin, type StaffUser, type TwoFactor } from '../../http/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import { recordAudit } from '../audit/service.ts';
import {
  clearEvents,
  reserveAttempt,
  secondsUntilAllowed,
  type ThrottleWindow,
  tooManyRequests,
  waitText,
} from '../throttle/service.ts';
import * as accounts from './repository.ts';

/** Operators: who is on the console, their two-factor authenticator, and the checks money actions pass. */
export type OperatorDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Wrong authenticator codes per operator: the fifth in 15 minutes locks two-factor actions for 15. */
export const WRONG_TOTP: ThrottleWindow = { bucket: 'wrong-totp', limit: 5, windowMs: 15 * 60_000 };

async function operator(deps: OperatorDeps, staff: StaffUser) {
  const user = await accounts.findUserById(deps.db, staff.userId);
  if (!user) throw new AppError(ResultCode.tokenInvalid, '账号不存在，请重新登录');
  return user;
}

export async function me(deps: OperatorDeps, staff: StaffUser): Promise<StaffMe> {
  const user = await operator(deps, staff);
  return { userId: staff.userId, phone: user.phone, role: staff.role, totpBound: user.totp_secret !== null };
}

const lockedText = (wait: number) =>
  `两步验证码错误次数过多，涉及资金和权益的操作已锁定，请 ${waitText(wait)}后再试`;

/**
 * Checks a code from the operator's bound authenticator and returns its 30-second step. Each try
 * is counted before the check (tries sent at once cannot slip past the count); the fifth wrong
 * code in 15 minutes locks every two-factor action for 15 minutes, and the lock is audited.
 */
async function checkBoundCode(
  deps: OperatorDeps,
  staff: StaffUser,
  secret: string,
  code: string,
  ip: string,
): Promise<number> {
  const subject = `user:${staff.userId}`;
  const now = deps.clock.now();
  const attempt = await reserveAttempt(deps.db, WRONG_TOTP, subject, now);
  if (attempt.wait > 0) throw tooManyRequests(lockedText(attempt.wait), attempt.wait);
  const step = matchTotp(secret, code, now);
  if (step !== null) {
    await clearEvents(deps.db, WRONG_TOTP, subject);
    return step;
  }
  const wait = await secondsUntilAllowed(deps.db, WRONG_TOTP, subject, now);
  if (wait > 0) {
    await recordAudit(
      deps.db,
      { userId: staff.userId, ip },
      { action: 'totp.lock', target: subject, after: { lockedSeconds: wait } },
      now,
    );
    throw tooManyRequests(lockedText(wait), wait);
  }
  throw new AppError(ResultCode.badRequest, '两步验证码不对，请输入验证器上当前的 6 位数字');
}

/** `checkBoundCode`, then the code's step is used up: a code seen over a shoulder cannot be replayed. */
async function spendBoundCode(
  deps: OperatorDeps,
  staff: StaffUser,
  secret: string,
  code: string,
  ip: string,
) {
  const step = await checkBoundCode(deps, staff, secret, code, ip);
  if (!(await accounts.claimTotpStep(deps.db, staff.userId, step)))
    throw new AppError(ResultCode.badRequest, '这个两步验证码已经用过了，请等验证器显示下一个');
}

/**
 * Starts binding an authenticator: a new secret, shown once as a QR code; confirmed with a code.
 * Replacing a bound one needs a code from it, so a stolen session alone cannot swap in the thief's
 * authenticator; an operator who lost theirs is reset by another admin (`resetTotp`).
 */
export async function setupTotp(
  deps: OperatorDeps,
  staff: StaffUser,
  currentCode: string | undefined,
  ip: string,
): Promise<TotpSetup> {
  const user = await operator(deps, staff);
  if (user.totp_secret) {
    if (!currentCode)
      throw new AppError(
        ResultCode.forbidden,
        '已绑定验证器：重新绑定要先输入当前验证器上的 6 位数字；验证器丢失时，请另一位管理员在「用户」里为你重置两步验证',
      );
    await spendBoundCode(deps, staff, user.totp_secret, currentCode, ip);
  }
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
    await recordAudit(
      trx,
      { userId: staff.userId, ip },
      {
        action: 'totp.bind',
        target: `user:${staff.userId}`,
        after: { bound: true, rebound: user.totp_secret !== null },
      },
      now,
    );
  });
}

/**
 * Another admin's reset of an operator's lost authenticator: with the resetting admin's own code,
 * never one's own, audited. The operator then binds a new one as if for the first time.
 */
export async function resetTotp(
  deps: OperatorDeps,
  staff: StaffUser,
  userId: number,
  code: string,
  ip: string,
): Promise<void> {
  requireAdmin(staff);
  await operatorTwoFactor(deps).spend(staff, code, ip);
  if (userId === staff.userId)
    throw new AppError(
      ResultCode.badRequest,
      '不能重置自己的两步验证：请在「两步验证」里用当前验证码重新绑定',
    );
  const target = await accounts.findUserById(deps.db, userId);
  if (!target) throw new AppError(ResultCode.notFound, '用户不存在');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await accounts.clearTotp(trx, userId);
    await clearEvents(trx, WRONG_TOTP, `user:${userId}`);
    await recordAudit(
      trx,
      { userId: staff.userId, ip },
      {
        action: 'totp.reset',
        target: `user:${userId}`,
        before: { bound: target.totp_secret !== null },
        after: { bound: false },
      },
      now,
    );
  });
}

/**
 * The console's two-factor check for money actions (`requireMoneyAuth` in http/auth.ts), handed to
 * the auth plugin by `app.ts`: the operator's bound authenticator, a code accepted once.
 */
export function operatorTwoFactor(deps: OperatorDeps): TwoFactor {
  return {
    async spend(staff, code, ip) {
      const user = await operator(deps, staff);
      if (!user.totp_secret)
        throw new AppError(
          ResultCode.forbidden,
          '请先在运营后台「两步验证」里绑定验证器，再进行涉及资金和权益的操作',
        );
      await spendBoundCode(deps, staff, user.totp_secret, code, ip);
    },
  };
}
