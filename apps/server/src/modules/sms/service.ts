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
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sameSecret, sha256 } from '../../lib/secrets.ts';
import { SmsSendError, type SmsSender } from '../../providers/sms/sms-sender.ts';
import { findUserByPhone } from '../account/repository.ts';
import { tooManyRequests, waitText } from '../throttle/throttle.ts';
import * as codes from './repository.ts';

export interface SmsDeps {
  db: Kysely<Database>;
  clock: Clock;
  sender: SmsSender;
  log: FastifyBaseLogger;
}

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

/** `POST /api/v1/code/`: checks the signature and every limit, stores the code hashed, sends it. */
export async function sendCode(deps: SmsDeps, body: SendCodeBody, ip: string): Promise<SendCodeResult> {
  const { db, clock, sender } = deps;
  const now = clock.now();
  const phone = body.phone.trim();
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  checkSignedTimestamp(body.ts, body.sign, smsCodeSignature(phone, body.ts), now);
  await checkAccountState(db, phone, body.type);
  await checkSendLimits(db, phone, body.type, ip, now);

  const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, '0');
  // The row is written before sending so that two requests at once cannot both pass the limits;
  // it is removed again when the gateway fails, so a failure never counts against the user.
  const id = await codes.insertCode(db, {
    phone,
    type: body.type,
    codeHash: hashCode(phone, body.type, code),
    ip,
    createdAt: now,
    expiresAt: now + SMS_LIMITS.validForMs,
  });
  try {
    await sender.send({ phone, code, type: body.type, validMinutes: SMS_LIMITS.validForMs / 60_000 });
  } catch (error) {
    await codes.deleteCode(db, id);
    deps.log.error({ err: error, provider: sender.name }, 'SMS send failed');
    const reason = error instanceof SmsSendError ? error.reason : '短信服务暂时无法连接';
    throw new AppError(ResultCode.providerUnavailable, `验证码发送失败：${reason}。请稍后再试`);
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
  if (current.wrong_tries >= SMS_LIMITS.maxWrongTries) {
    throw tooManyRequests('验证码错误次数过多，请重新获取验证码', retryAfter);
  }
  if (!sameSecret(hashCode(phone, type, code), current.code_hash)) {
    await codes.addWrongTry(deps.db, current.id);
    const left = SMS_LIMITS.maxWrongTries - current.wrong_tries - 1;
    if (left <= 0) throw tooManyRequests('验证码错误次数过多，请重新获取验证码', retryAfter);
    throw badRequest(`验证码错误，还可尝试 ${left} 次`);
  }
  return current.id;
}

/** Marks a checked code used, inside the caller's transaction; a code works once. */
export async function consumeCode(db: Kysely<Database>, id: number, now: number): Promise<void> {
  if (!(await codes.markUsed(db, id, now))) throw badRequest('验证码已使用，请重新获取');
}
