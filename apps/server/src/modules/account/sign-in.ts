// Sign-up, sign-in and password reset: the account flows that take an SMS code (and, at sign-up, an
// invite reward). Apart from service.ts, which is the account module's door for other modules: the
// sms and invite modules look accounts up through it, so it must not import them back.
import { randomInt } from 'node:crypto';
import {
  type EditPasswordBody,
  type EditPasswordResult,
  editPasswordSignature,
  INVITE_CODE_PATTERN,
  LOGIN_LIMITS,
  type LoginBody,
  type LoginResult,
  normaliseInviteCode,
  passwordProblem,
  phoneProblem,
  type RegisterBody,
  ResultCode,
  SMS_CODE_TYPE,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, needsRehash, unknownUserHash, verifyPassword } from '../../lib/password.ts';
import { rewardRegistration } from '../invite/service.ts';
import { checkCode, checkSignedTimestamp, consumeCode } from '../sms/service.ts';
import {
  clearEvents,
  recordEvent,
  reserveAttempt,
  secondsUntilAllowed,
  type ThrottleWindow,
  tooManyRequests,
  waitText,
} from '../throttle/service.ts';
import type { ClientInfo } from './repository.ts';
import * as accounts from './repository.ts';
import type { AccountDeps } from './service.ts';
import { createSession, type SessionUser } from './session.ts';

const WRONG_PASSWORD: ThrottleWindow = {
  bucket: 'wrong-password',
  limit: LOGIN_LIMITS.wrongPasswordsPerPhone,
  windowMs: LOGIN_LIMITS.wrongPasswordWindowMs,
};
const FAILED_LOGIN_FROM_IP: ThrottleWindow = {
  bucket: 'failed-login-ip',
  limit: LOGIN_LIMITS.failuresPerIp,
  windowMs: LOGIN_LIMITS.failureWindowMsPerIp,
};
/** What a phone without a live code hears, registered or not. */
const NO_CODE = '请先获取短信验证码';
/** Wrong or missing codes from one address at sign-up and password reset. */
const FAILED_CODE_FROM_IP: ThrottleWindow = {
  bucket: 'failed-code-ip',
  limit: LOGIN_LIMITS.failuresPerIp,
  windowMs: LOGIN_LIMITS.failureWindowMsPerIp,
};
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function badRequest(message: string): AppError {
  return new AppError(ResultCode.badRequest, message);
}

function requireValid(problem: string | null): void {
  if (problem) throw badRequest(problem);
}

/** 8 characters without 0/O or 1/I, so a code read aloud or copied by hand still works. */
export async function newInviteCode(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
    if (!(await accounts.inviteCodeTaken(db, code))) return code;
  }
}

async function signIn(
  db: Kysely<Database>,
  user: { id: number; phone: string },
  now: number,
  client: ClientInfo,
): Promise<LoginResult> {
  const { token, expiresAt } = await createSession(db, user.id, now, client);
  return { token, expiresAt, user: { username: user.phone, phone: user.phone } };
}

/** An account an operator has disabled cannot sign in, whichever way it tries. */
function refuseDisabled(user: { disabled_at: number | null } | undefined): void {
  if (user?.disabled_at != null)
    throw new AppError(ResultCode.forbidden, '该账号已被停用，如有疑问请联系客服');
}

/** ADMIN_PHONES: the first operators become admins as soon as they sign in. */
async function promoteIfListed(deps: AccountDeps, phone: string): Promise<void> {
  if (deps.config.adminPhones.includes(phone)) await accounts.promoteToAdmin(deps.db, [phone]);
}

/** `POST /api/v1/register/`: phone, SMS code (type 1), password, optional invite code. */
export async function register(
  deps: AccountDeps,
  body: RegisterBody,
  client: ClientInfo,
): Promise<LoginResult> {
  const { db, clock } = deps;
  const phone = body.phone.trim();
  requireValid(phoneProblem(phone));
  requireValid(passwordProblem(body.password));
  let inviterId: number | null = null;
  const inviteCode = normaliseInviteCode(body.inviteCode ?? '');
  if (inviteCode) {
    const inviter = INVITE_CODE_PATTERN.test(inviteCode)
      ? await accounts.findUserByInviteCode(db, inviteCode)
      : undefined;
    if (!inviter) throw badRequest('邀请码不存在，请核对后重新输入，或留空');
    inviterId = inviter.id;
  }
  // A registered phone can hold no live sign-up code (the code request refuses it), so it answers
  // as any phone without one: this route does not tell which phones have accounts.
  await refuseBusyAddress(deps, FAILED_CODE_FROM_IP, client.ip);
  const codeId = await failureCounted(deps, FAILED_CODE_FROM_IP, client.ip, async () => {
    if (await accounts.findUserByPhone(db, phone)) throw badRequest(NO_CODE);
    return checkCode(deps, phone, SMS_CODE_TYPE.register, body.code.trim());
  });
  const passwordHash = await hashPassword(body.password, deps.config.passwordCost);

  const now = clock.now();
  try {
    const result = await db.transaction().execute(async (trx) => {
      await consumeCode(trx, codeId, now);
      const userId = await accounts.insertUser(trx, {
        phone,
        passwordHash,
        inviteCode: await newInviteCode(trx),
        invitedBy: inviterId,
        now,
      });
      if (inviterId !== null) await rewardRegistration(trx, { inviterId, inviteeId: userId }, now);
      return signIn(trx, { id: userId, phone }, now, client);
    });
    await promoteIfListed(deps, phone);
    return result;
  } catch (error) {
    // Two registrations of one phone at the same moment: the unique index lets one through.
    if (!(error instanceof AppError) && (await accounts.findUserByPhone(db, phone))) {
      throw badRequest('该手机号已注册，请直接登录');
    }
    throw error;
  }
}

async function loginWithPassword(deps: AccountDeps, phone: string, password: string, client: ClientInfo) {
  const { ip } = client;
  const { db } = deps;
  const now = deps.clock.now();
  const lockedText = (wait: number) => `密码错误次数过多，请 ${waitText(wait)}后再试，或使用验证码登录`;
  const user = await accounts.findUserByPhone(db, phone);
  refuseDisabled(user);
  // Counted as a wrong password before scrypt runs, so guesses sent at once cannot all slip in
  // while the first ones are still being hashed; a right password clears the count.
  const attempt = await reserveAttempt(db, WRONG_PASSWORD, phone, now);
  if (attempt.wait > 0) throw tooManyRequests(lockedText(attempt.wait), attempt.wait);
  // An unknown phone costs the same hashing time and gets the same answer as a wrong password.
  const cost = deps.config.passwordCost;
  const matches = await verifyPassword(password, user?.password_hash ?? unknownUserHash(cost));
  if (user && matches) {
    await clearEvents(db, WRONG_PASSWORD, phone);
    // A hash made at an older cost is rewritten now, while the password is at hand.
    if (user.password_hash && needsRehash(user.password_hash, cost))
      await accounts.replacePasswordHash(db, user.id, await hashPassword(password, cost));
    return signIn(db, user, now, client);
  }
  await recordEvent(db, FAILED_LOGIN_FROM_IP, ip, now);
  const waitNow = await secondsUntilAllowed(db, WRONG_PASSWORD, phone, now);
  if (waitNow > 0) throw tooManyRequests(lockedText(waitNow), waitNow);
  throw badRequest('手机号或密码错误');
}

async function loginWithCode(deps: AccountDeps, phone: string, code: string, client: ClientInfo) {
  const { db } = deps;
  const { ip } = client;
  // The code first: an unknown phone has none, and answers as any phone without a code.
  const codeId = await failureCounted(deps, FAILED_LOGIN_FROM_IP, ip, () =>
    checkCode(deps, phone, SMS_CODE_TYPE.login, code.trim()),
  );
  const user = await accounts.findUserByPhone(db, phone);
  if (!user) throw badRequest(NO_CODE);
  refuseDisabled(user);
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    return signIn(trx, user, now, client);
  });
}

/** Runs `check`; a refusal it throws counts against the address in `window`. */
async function failureCounted<T>(
  deps: AccountDeps,
  window: ThrottleWindow,
  ip: string,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await recordEvent(deps.db, window, ip, deps.clock.now());
    throw error;
  }
}

/** Refuses an address that failed too often in `window` (sign-up and password reset codes). */
async function refuseBusyAddress(deps: AccountDeps, window: ThrottleWindow, ip: string): Promise<void> {
  const wait = await secondsUntilAllowed(deps.db, window, ip, deps.clock.now());
  if (wait > 0) throw tooManyRequests(`失败次数过多，请 ${waitText(wait)}后再试`, wait);
}

/** `POST /api/v1/login/`: phone with a password, or with an SMS code (type 2). */
export async function login(deps: AccountDeps, body: LoginBody, client: ClientInfo): Promise<LoginResult> {
  const result = await loginOnce(deps, body, client);
  await promoteIfListed(deps, result.user.phone);
  return result;
}

async function loginOnce(deps: AccountDeps, body: LoginBody, client: ClientInfo): Promise<LoginResult> {
  const { ip } = client;
  const phone = body.phone.trim();
  requireValid(phoneProblem(phone));
  const now = deps.clock.now();
  const ipWait = await secondsUntilAllowed(deps.db, FAILED_LOGIN_FROM_IP, ip, now);
  if (ipWait > 0) throw tooManyRequests(`登录失败次数过多，请 ${waitText(ipWait)}后再试`, ipWait);
  if (body.code !== undefined && body.code !== '') return loginWithCode(deps, phone, body.code, client);
  if (!body.password) throw badRequest('请输入密码');
  return loginWithPassword(deps, phone, body.password, client);
}

/**
 * `POST /api/v1/editPassword/`: a changed or forgotten password, proved by an SMS code (type 3) and
 * signed like the code request. Every other session of the account is signed out; the caller's own
 * session (when it belongs to this account) stays.
 */
export async function editPassword(
  deps: AccountDeps,
  body: EditPasswordBody,
  caller: SessionUser | null,
  ip: string,
): Promise<EditPasswordResult> {
  const { db } = deps;
  const phone = body.username.trim();
  const code = body.code.trim();
  requireValid(phoneProblem(phone));
  requireValid(passwordProblem(body.password));
  if (body.password !== body.confirmPassword) throw badRequest('两次输入的密码不一致');
  checkSignedTimestamp(body.ts, body.sign, editPasswordSignature(phone, body.ts, code), deps.clock.now());
  // The code first: an unknown phone has none, and answers as any phone without a code.
  await refuseBusyAddress(deps, FAILED_CODE_FROM_IP, ip);
  const { codeId, user } = await failureCounted(deps, FAILED_CODE_FROM_IP, ip, async () => {
    const codeId = await checkCode(deps, phone, SMS_CODE_TYPE.resetPassword, code);
    const user = await accounts.findUserByPhone(db, phone);
    if (!user) throw badRequest(NO_CODE);
    return { codeId, user };
  });
  const passwordHash = await hashPassword(body.password, deps.config.passwordCost);
  const now = deps.clock.now();
  const keep = caller && caller.userId === user.id ? caller.sessionId : null;
  return db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    await accounts.updatePasswordHash(trx, user.id, passwordHash, now);
    await clearEvents(trx, WRONG_PASSWORD, phone);
    return { revokedSessions: await accounts.revokeOtherSessions(trx, user.id, keep, now) };
  });
}
