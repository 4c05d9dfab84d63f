import { randomInt } from 'node:crypto';
import {
  chinaDayStart,
  isFreshTimestamp,
  nextChinaMidnight,
  phoneProblem,
  ResultCode,
  type SendCodeBody,
  type SendCodeResult,
  SMS_CODE_TYPE,
  SMS_LIMITS,
  type SmsCodeType,
  smsCodeProblem,
  smsCodeSignature,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { sameSecret, sha256 } from '../../lib/secrets.ts';
import { SmsSendError } from '../../providers/sms/sms-sender.ts';
import { findUserByPhone } from '../account/service.ts';
import { tooManyRequests, waitText } from '../throttle/service.ts';
import { spendSolvedChallenge } from './captcha.ts';
import * as codes from './repository.ts';

export type SmsDeps = Pick<AppDeps, 'db' | 'clock' | 'smsSender' | 'log' | 'config'>;

const HOUR_MS = 3_600_000;

function hashCode(phone: string, type: number, code: string): string {
  return sha256(`${phone}:${type}:${code}`);
}

function badRequest(message: string): AppError {
  return new AppError(ResultCode.badRequest, message);
}

/** Rejects a stale or forged `ts`/`sign` pair (the same rule signs editPassword). */
export function checkSignedTimestamp(ts: number, sign: string, expected: string, now: number): void {
  if (!isFreshTimestamp(ts, now)) throw badRequest('请求已过期，请检查设备时间是否准确后重试');
  if (!sameSecret(sign.toLowerCase(), expected)) throw badRequest('请求签名无效，请刷新页面后重试');
}

async function checkAccountState(db: Kysely<Database>, phone: string, type: SmsCodeType): Promise<void> {
  const registered = (await findUserByPhone(db, phone)) !== undefined;
  if (type === SMS_CODE_TYPE.register && registered) throw badRequest('该手机号已注册，请直接登录');
  if (type !== SMS_CODE_TYPE.register && !registered) throw badRequest('该手机号尚未注册，请先注册');
}

async function checkSendLimits(
  db: Kysely<Database>,
  phone: string,
  type: SmsCodeType,
  ip: string,
  now: number,
): Promise<void> {
  // The wait is per purpose: registering and then resetting the password at once needs two codes.
  const latest = await codes.findCurrent(db, phone, type);
  if (latest && now - latest.created_at < SMS_LIMITS.resendAfterMs) {
    const wait = Math.ceil((latest.created_at + SMS_LIMITS.resendAfterMs - now) / 1000);
    throw tooManyRequests(`验证码已发送，请 ${wait} 秒后再重新获取`, wait);
  }
  const sentToday = await codes.countSentByPhoneSince(db, phone, chinaDayStart(now));
  if (sentToday >= SMS_LIMITS.perPhonePerDay) {
    const wait = Math.ceil((nextChinaMidnight(now) - now) / 1000);
    throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试', wait);
  }
  const fromIp = await codes.sentTimesByIpSince(db, ip, now - HOUR_MS);
  if (fromIp.length >= SMS_LIMITS.perIpPerHour) {
    const freeing = fromIp[fromIp.length - SMS_LIMITS.perIpPerHour] ?? now;
    const wait = Math.max(1, Math.ceil((freeing + HOUR_MS - now) / 1000));
    throw tooManyRequests(`当前网络获取验证码过于频繁，请 ${waitText(wait)}后再试`, wait);
  }
}

/**
 * The site-wide brake on texts per China-time day (SMS_DAILY_BUDGET): past it, sending stops with
 * 503 and an error line for the operator, whatever the cause (toll fraud, a bug, a rush).
 */
async function checkDailyBudget(deps: SmsDeps, trx: Kysely<Database>, now: number): Promise<void> {
  await lockKey(trx, 'sms:budget');
  const budget = deps.config.smsGuard.dailyBudget;
  if ((await codes.countSentSince(trx, chinaDayStart(now))) < budget) return;
  deps.log.error({ budget }, 'SMS daily budget reached: no more codes are sent today (SMS_DAILY_BUDGET)');
  throw new AppError(ResultCode.providerUnavailable, '短信服务今日发送量已达上限，请明天再试或联系客服');
}

/** `POST /api/v1/code/`: checks the signature and every limit, stores the code hashed, sends it. */
export async function sendCode(deps: SmsDeps, body: SendCodeBody, ip: string): Promise<SendCodeResult> {
  const { db, clock, smsSender: sender } = deps;
  const now = clock.now();
  const phone = body.phone.trim();
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  checkSignedTimestamp(body.ts, body.sign, smsCodeSignature(phone, body.ts), now);
  await spendSolvedChallenge(deps, body.captcha);
  const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, '0');
  // Limits, then the account check, then the row, in one transaction locked per number and per
  // address: requests that arrive together are counted one after another. The limits come first
  // so that nobody can ask, unthrottled, which numbers are registered. The row is written before
  // sending and removed again if the gateway fails, so a failure never counts against the user.
  const id = await db.transaction().execute(async (trx) => {
    await lockKey(trx, `sms:phone:${phone}`);
    await lockKey(trx, `sms:ip:${ip}`);
    await checkSendLimits(trx, phone, body.type, ip, now);
    await checkDailyBudget(deps, trx, now);
    await checkAccountState(trx, phone, body.type);
    return codes.insertCode(trx, {
      phone,
      type: body.type,
      codeHash: hashCode(phone, body.type, code),
      ip,
      createdAt: now,
      expiresAt: now + SMS_LIMITS.validForMs,
    });
  });
  try {
    await sender.send({ phone, code, type: body.type, validMinutes: SMS_LIMITS.validForMs / 60_000 });
  } catch (error) {
    await codes.deleteCode(db, id);
    deps.log.error({ err: error, provider: sender.name }, 'SMS send failed');
    const userReason = error instanceof SmsSendError ? error.userReason : null;
    throw new AppError(
      ResultCode.providerUnavailable,
      userReason ? `验证码发送失败：${userReason}` : '验证码发送失败，短信服务暂时不可用，请稍后再试',
    );
  }
  return {
    resendAfter: SMS_LIMITS.resendAfterMs / 1000,
    expiresIn: SMS_LIMITS.validForMs / 1000,
  };
}

/**
 * Checks a code against the current one for this phone and purpose. A wrong code is counted at once
 * (outside any transaction, so the count survives the failed request). Returns the code's id; the
 * caller marks it used with `consumeCode` in the transaction that does the work.
 */
export async function checkCode(
  deps: Pick<SmsDeps, 'db' | 'clock'>,
  phone: string,
  type: SmsCodeType,
  code: string,
): Promise<number> {
  const problem = smsCodeProblem(code);
  if (problem) throw badRequest(problem);
  const now = deps.clock.now();
  const current = await codes.findCurrent(deps.db, phone, type);
  if (!current) throw badRequest('请先获取短信验证码');
  if (current.used_at !== null) throw badRequest('验证码已使用，请重新获取');
  if (current.expires_at <= now) throw badRequest('验证码已过期，请重新获取');
  const retryAfter = Math.max(0, Math.ceil((current.created_at + SMS_LIMITS.resendAfterMs - now) / 1000));
  // The try is counted before comparing (a right code is used up at once, so its count is moot).
  const tries = await codes.claimTry(deps.db, current.id, SMS_LIMITS.maxWrongTries);
  if (tries === null) throw tooManyRequests('验证码错误次数过多，请重新获取验证码', retryAfter);
  if (!sameSecret(hashCode(phone, type, code), current.code_hash)) {
    const left = SMS_LIMITS.maxWrongTries - tries;
    if (left <= 0) throw tooManyRequests('验证码错误次数过多，请重新获取验证码', retryAfter);
    throw badRequest(`验证码错误，还可尝试 ${left} 次`);
  }
  return current.id;
}

/** Marks a checked code used, inside the caller's transaction; a code works once. */
export async function consumeCode(db: Kysely<Database>, id: number, now: number): Promise<void> {
  if (!(await codes.markUsed(db, id, now))) throw badRequest('验证码已使用，请重新获取');
}
