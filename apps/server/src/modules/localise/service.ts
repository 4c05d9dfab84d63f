import {
  DAY_IN_MS,
  FEATURE_LABELS,
  FEATURE_OFF_TEXT,
  FEATURE_UNITS,
  type Feature,
  findLocaliseSite,
  LOCALISE_LIMITS,
  type LocaliseBody,
  type LocaliseEstimate,
  type LocalisePhoto,
  type LocaliseSite,
  nextChinaMidnight,
  ResultCode,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import { QUEUES } from '../../queue/job-queue.ts';
import { findActiveGrants, usageToday } from '../entitlement/service.ts';
import { findKeptImage } from '../images/service.ts';
import type { LocaliseDeps } from './deps.ts';
import { keepPhoto } from './photos.ts';
import * as localise from './repository.ts';
import { usesOf } from './task-result.ts';

export { confirmRule } from './confirm.ts';
export { cancelJob, JOB_NOT_FOUND, jobDetail, listJobs, pauseJob, resumeJob } from './job-actions.ts';
export { purgeExpiredJobs, requeueAfterRestart, requeueStale, resumeAfterMidnight } from './sweeps.ts';
export type { LocaliseDeps };

export const LOCALISE_QUEUE = QUEUES.localiseTask;

/** What each use of a job pays for, in the seller's words. */
const WHAT: Partial<Record<Feature, string>> = {
  chat: '每个站点的 listing（含一次一键修正）',
  cutout: '每个站点的主图',
  translate: '每个站点的每张含中文的详情图',
};

/** `POST /api/v1/localise/photos`: a photo for a job, checked as every upload is, kept 7 days. */
export async function uploadPhoto(
  deps: LocaliseDeps,
  userId: number,
  bytes: Buffer | null,
): Promise<LocalisePhoto> {
  if (!bytes) throw new AppError(ResultCode.badRequest, '请上传商品照片（字段名 file）');
  return keepPhoto(deps, userId, bytes, '商品照片');
}

/** The sites asked for, each known and named once; else a 400 that names the wrong one. */
function readSites(ids: string[]): LocaliseSite[] {
  const sites: LocaliseSite[] = [];
  for (const id of ids) {
    const site = findLocaliseSite(id);
    if (!site) throw new AppError(ResultCode.badRequest, `站点「${id}」不在可选范围内，请重新选择`);
    if (sites.includes(site)) throw new AppError(ResultCode.badRequest, `站点「${site.name}」选了两次`);
    sites.push(site);
  }
  return sites;
}

/**
 * Each product's facts and photos: a name, and photos that are the seller's own and still kept. With
 * several products the message names which one (「第 2 个商品（SKU-02）」).
 */
async function checkProducts(deps: LocaliseDeps, userId: number, body: LocaliseBody): Promise<void> {
  if (body.products.length > LOCALISE_LIMITS.products)
    throw new AppError(ResultCode.badRequest, `一次最多 ${LOCALISE_LIMITS.products} 个商品`);
  for (const [index, product] of body.products.entries()) {
    const which =
      body.products.length > 1 ? `第 ${index + 1} 个商品${product.code ? `（${product.code}）` : ''}：` : '';
    const { facts, mainPhotoId, detailPhotoIds } = product;
    if (!facts.productName.trim()) throw new AppError(ResultCode.badRequest, `${which}请填写商品名称`);
    if (detailPhotoIds.length > LOCALISE_LIMITS.detailPictures)
      throw new AppError(ResultCode.badRequest, `${which}详情图最多 ${LOCALISE_LIMITS.detailPictures} 张`);
    for (const [n, id] of [mainPhotoId, ...detailPhotoIds].entries())
      if (!(await findKeptImage(deps, userId, id, 'localise-photo')))
        throw new AppError(
          ResultCode.notFound,
          `${which}${n === 0 ? '主图照片' : `第 ${n} 张详情图`}不存在或已过期，请重新上传`,
        );
  }
}

/** What the whole job uses at most: each product's uses on every site. */
function jobUses(body: LocaliseBody, sites: number): Partial<Record<Feature, number>> {
  const total: Partial<Record<Feature, number>> = {};
  for (const product of body.products)
    for (const [feature, count] of Object.entries(usesOf(product.detailPhotoIds.length)) as [
      Feature,
      number,
    ][])
      total[feature] = (total[feature] ?? 0) + count * sites;
  return total;
}

/**
 * `POST /api/v1/localise/estimate`: what the job will use of each kind, against what the seller has
 * left today, and whether it can start. Nothing is charged.
 */
export async function estimate(
  deps: LocaliseDeps,
  userId: number,
  body: LocaliseBody,
): Promise<LocaliseEstimate> {
  const sites = readSites(body.sites);
  await checkProducts(deps, userId, body);
  const now = deps.clock.now();
  const vip = (await findActiveGrants(deps.db, userId, now)).length > 0;
  const usage = await usageToday(deps.db, userId, vip, now);
  const uses = (Object.entries(jobUses(body, sites.length)) as [Feature, number][]).map(([feature, need]) => {
    const today = usage.find((u) => u.feature === feature) ?? { used: 0, limit: 0 };
    return {
      feature,
      name: FEATURE_LABELS[feature],
      unit: FEATURE_UNITS[feature],
      need,
      used: today.used,
      limit: today.limit,
      left: Math.max(0, today.limit - today.used),
      what: WHAT[feature] ?? '',
    };
  });
  const short = uses.filter((u) => u.need > u.left);
  const off = !(await deps.chatModel.models());
  const reason = off
    ? FEATURE_OFF_TEXT
    : short
        .map(
          (u) =>
            `今日${vip ? '' : '免费'}${u.name}还剩 ${u.left} ${u.unit}，本次最多需要 ${u.need} ${u.unit}${vip ? '（明天 00:00 恢复）' : '（开通 VIP 后额度更多）'}`,
        )
        .join('；');
  return {
    sites: sites.map((s) => ({ id: s.id, name: s.name, language: s.language })),
    uses,
    vip,
    canStart: !off && short.length === 0,
    reason,
  };
}

/**
 * `POST /api/v1/localise`: the estimate again (refused in Chinese when it cannot start), then a job
 * with a task per product × site on the durable queue. Nothing is charged until each task delivers.
 */
export async function startJob(deps: LocaliseDeps, userId: number, body: LocaliseBody) {
  // A repeat of a start (a double click, a retry after a lost answer) is the job it started.
  const startKey = body.startKey ?? null;
  const started = startKey ? await localise.jobByStartKey(deps.db, userId, startKey) : undefined;
  if (started) return Number(started.id);
  const plan = await estimate(deps, userId, body);
  if (!plan.canStart) {
    const off = plan.reason === FEATURE_OFF_TEXT;
    if (off) throw new AppError(ResultCode.providerUnavailable, plan.reason);
    const short = plan.uses.find((u) => u.need > u.left);
    throw new AppError(ResultCode.quotaExceeded, plan.reason, {
      feature: short?.feature,
      limit: short?.limit,
      resetAt: nextChinaMidnight(deps.clock.now()),
    });
  }
  const now = deps.clock.now();
  const inserted = await localise.insertJob(deps.db, {
    userId,
    // Only the products and sites: the key is not part of what the job does.
    products: body.products,
    sites: plan.sites.map((s) => s.id),
    now,
    expiresAt: now + LOCALISE_LIMITS.keepDays * DAY_IN_MS,
    startKey,
  });
  if (!inserted) {
    // The same key won a race with this request a moment ago: answer its job.
    const other = startKey ? await localise.jobByStartKey(deps.db, userId, startKey) : undefined;
    if (!other) throw new AppError(ResultCode.internalError, '任务没有建好，请刷新页面后再试');
    return Number(other.id);
  }
  for (const taskId of inserted.taskIds) await deps.queue.send(LOCALISE_QUEUE, { taskId });
  return inserted.jobId;
}
