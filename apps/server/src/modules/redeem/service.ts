import {
  type NewRedeemBatch,
  type RedeemBatch,
  type RedeemBatchBody,
  type RedeemBatchPage,
  type RedeemResult,
  ResultCode,
} from '@chuhai/contract';
import { lockKey } from '../../db/locks.ts';
import { present } from '../../db/present.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { grantVip } from '../entitlement/service.ts';
import { anyPlan } from '../pricing/service.ts';
import {
  recordEvent,
  secondsUntilAllowed,
  type ThrottleWindow,
  tooManyRequests,
  waitText,
} from '../throttle/service.ts';
import { newRedeemCode, normaliseRedeemCode, redeemCodeHash } from './codes.ts';
import * as redeem from './repository.ts';

/** 兑换码: batches made in the console (two-factor), redeemed by sellers exactly once each. */
export type RedeemDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Wrong codes an account, or an address, may try in an hour before it has to wait. */
const WRONG_BY_USER: ThrottleWindow = { bucket: 'redeem-wrong-user', limit: 10, windowMs: 3_600_000 };
const WRONG_BY_IP: ThrottleWindow = { bucket: 'redeem-wrong-ip', limit: 30, windowMs: 3_600_000 };

function toBatch(row: redeem.BatchRow): RedeemBatch {
  return {
    id: Number(row.id),
    name: row.name,
    planId: row.plan_id,
    days: Number(row.days),
    count: Number(row.count),
    redeemed: Number(row.redeemed ?? 0),
    expiresAt: Number(row.expires_at),
    perUserLimit: Number(row.per_user_limit),
    disabled: row.disabled_at !== null,
    createdAt: Number(row.created_at),
  };
}

export async function createBatch(
  deps: RedeemDeps,
  actor: Actor,
  body: RedeemBatchBody,
): Promise<NewRedeemBatch> {
  const now = deps.clock.now();
  if (body.expiresAt <= now) throw new AppError(ResultCode.badRequest, '有效期应晚于现在');
  let days = body.days ?? 0;
  let planId: string | null = null;
  if (body.planId) {
    const plan = await anyPlan(deps.db, body.planId);
    if (!plan) throw new AppError(ResultCode.badRequest, '所选套餐不存在');
    days = plan.days;
    planId = plan.id;
  }
  if (!days) throw new AppError(ResultCode.badRequest, '请选择套餐，或填写赠送的 VIP 天数');
  const codes = Array.from({ length: body.count }, newRedeemCode);
  // What the batch is, as stored and as the audit log records it.
  const batch = {
    name: body.name,
    planId,
    days,
    count: body.count,
    expiresAt: body.expiresAt,
    perUserLimit: body.perUserLimit,
  };
  const batchId = await deps.db.transaction().execute(async (trx) => {
    const id = await redeem.insertBatch(
      trx,
      { ...batch, createdBy: actor.userId, now },
      codes.map((code) => redeemCodeHash(normaliseRedeemCode(code) as string)),
    );
    await recordAudit(trx, actor, { action: 'redeem.batch', target: `redeem:${id}`, after: batch }, now);
    return id;
  });
  return {
    batch: toBatch(present(await redeem.findBatch(deps.db, batchId), `redeem batch ${batchId}`)),
    codes,
  };
}

export function listBatches(deps: RedeemDeps, params: PageParams): Promise<RedeemBatchPage> {
  return paginate(
    params,
    'redeemBatches',
    { rows: (window) => redeem.batchesPage(deps.db, window), total: () => redeem.countBatches(deps.db) },
    toBatch,
  );
}

/** Stops (or restarts) a whole batch: its unredeemed codes are refused meanwhile. */
export async function setBatchDisabled(
  deps: RedeemDeps,
  actor: Actor,
  batchId: number,
  disabled: boolean,
): Promise<RedeemBatch> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await redeem.setBatchDisabled(trx, batchId, disabled ? now : null)))
      throw new AppError(ResultCode.notFound, '这批兑换码不存在');
    await recordAudit(
      trx,
      actor,
      { action: disabled ? 'redeem.disable' : 'redeem.enable', target: `redeem:${batchId}` },
      now,
    );
  });
  return toBatch(present(await redeem.findBatch(deps.db, batchId), `redeem batch ${batchId}`));
}

/**
 * `POST /api/v1/redeem`: a seller turns a code into VIP days. Wrong codes count against the account
 * and the address (10 and 30 an hour), so codes cannot be found by trying. A code is claimed by a
 * conditional update, so of any number of simultaneous redemptions exactly one grants. The code is
 * the action's own key: the account that redeemed it sending it again (a double click, a retry after
 * a lost answer) is answered that redemption (`repeat: true`), with nothing added.
 */
export async function redeemCode(
  deps: RedeemDeps,
  userId: number,
  ip: string,
  typed: string,
): Promise<RedeemResult> {
  const now = deps.clock.now();
  const wait = Math.max(
    await secondsUntilAllowed(deps.db, WRONG_BY_USER, String(userId), now),
    await secondsUntilAllowed(deps.db, WRONG_BY_IP, ip, now),
  );
  if (wait > 0) throw tooManyRequests(`兑换码输错次数过多，请 ${waitText(wait)}后再试`, wait);

  const normalised = normaliseRedeemCode(typed);
  const code = normalised ? await redeem.findCodeByHash(deps.db, redeemCodeHash(normalised)) : undefined;
  if (!code) {
    await recordEvent(deps.db, WRONG_BY_USER, String(userId), now);
    await recordEvent(deps.db, WRONG_BY_IP, ip, now);
    throw new AppError(ResultCode.badRequest, '兑换码不正确，请核对后重新输入（16 位字母和数字）');
  }
  const codeId = Number(code.id);
  return deps.db.transaction().execute(async (trx) => {
    // One account's redemptions of one batch are counted and written one at a time.
    await lockKey(trx, `redeem:${code.batch_id}:${userId}`);
    // Read again under the lock: the first of a double click may have redeemed it a moment ago.
    const redeemedBy = (await redeem.findCodeById(trx, codeId))?.redeemed_by ?? null;
    const batch = await redeem.findBatch(trx, Number(code.batch_id));
    if (!batch) throw new AppError(ResultCode.badRequest, '该兑换码已停用');
    const days = Number(batch.days);
    const grant = { userId, days, source: 'redeem', sourceRef: String(codeId) };
    if (redeemedBy !== null && Number(redeemedBy) === userId) {
      // The grant is keyed by the code: asking again finds it and adds nothing.
      const { levelEndAt } = await grantVip(trx, grant, now);
      return { days, vipEndAt: levelEndAt, repeat: true };
    }
    if (batch.disabled_at !== null) throw new AppError(ResultCode.badRequest, '该兑换码已停用');
    if (Number(batch.expires_at) <= now) throw new AppError(ResultCode.badRequest, '该兑换码已过期');
    if (redeemedBy !== null) throw new AppError(ResultCode.badRequest, '该兑换码已被使用');
    if ((await redeem.countRedeemedBy(trx, Number(batch.id), userId)) >= Number(batch.per_user_limit))
      throw new AppError(
        ResultCode.badRequest,
        `这批兑换码每个账号最多兑换 ${batch.per_user_limit} 个，你已兑换过`,
      );
    if (!(await redeem.claimCode(trx, codeId, userId, now)))
      throw new AppError(ResultCode.badRequest, '该兑换码已被使用');
    const { levelEndAt } = await grantVip(trx, grant, now);
    return { days, vipEndAt: levelEndAt };
  });
}
