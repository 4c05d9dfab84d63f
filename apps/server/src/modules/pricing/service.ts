import {
  type AdminPlan,
  type Catalogue,
  DAILY_QUOTAS,
  type DailyLimits,
  FEATURES,
  type Feature,
  honestBenefits,
  type Plan,
  type PlanFields,
  ResultCode,
  type SiteOffer,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { seedOnce } from '../../db/seed-once.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { loadCatalogue } from './catalogue-file.ts';
import * as pricing from './repository.ts';

/**
 * Plans and daily limits: stored in the database and edited in the console, so a price or a limit
 * changes everywhere at once (the price page, 个人中心, the server's checks) with no rebuild.
 */
export type PricingDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
/** What the public catalogue asks besides the tables: which providers can serve sellers now. */
export type OfferDeps = Pick<AppDeps, 'db' | 'chatModel' | 'imageGenerator'>;

function toAdminPlan(row: pricing.PlanRow): AdminPlan {
  return {
    id: row.id,
    name: row.name,
    days: Number(row.days),
    price: Number(row.price),
    originalPrice: Number(row.original_price),
    badge: row.badge,
    benefits: row.benefits,
    enabled: Number(row.enabled) === 1,
    sortOrder: Number(row.sort_order),
  };
}

function toPlan({ enabled: _enabled, sortOrder: _sortOrder, ...plan }: AdminPlan): Plan {
  return plan;
}

/** First start: the plans of `product.json` and the default limits become rows. */
export async function seedPricing(deps: PricingDeps): Promise<void> {
  const now = deps.clock.now();
  await seedOnce(deps.db, 'plans', now, async (trx) => {
    const file = loadCatalogue(deps.config.payment.productFile);
    for (const [index, plan] of file.plans.entries())
      await pricing.insertPlan(trx, plan.id, { ...plan, enabled: true, sortOrder: (index + 1) * 10 }, now);
  });
  await pricing.insertMissingLimits(
    deps.db,
    (['free', 'vip'] as const).flatMap((tier) =>
      FEATURES.map((feature) => ({ tier, feature, limit: DAILY_QUOTAS[tier][feature] })),
    ),
    now,
  );
}

/**
 * `GET /api/v1/offer`: what sellers can use now, asked of the routers on every call (operators switch
 * channels on and off in the console). The advanced model is the one AI 问答 offers (chatType 2);
 * 图片翻译 translates with the chat model; 抠图 and 换背景 run on this server's own matting.
 */
export async function siteOffer(deps: Pick<OfferDeps, 'chatModel' | 'imageGenerator'>): Promise<SiteOffer> {
  const [models, drawing] = await Promise.all([deps.chatModel.models(), deps.imageGenerator.available()]);
  const chat = models !== null;
  return {
    advancedModel: Boolean(models?.advanced),
    features: { chat, draw: drawing, cutout: true, replace: true, translate: chat },
  };
}

/**
 * `GET /product.json` (spec section 7): the plans on sale, in order, each benefit cut to what is true
 * now: a tool that is off, an advanced model that is not there or a count that is not the VIP limit
 * is not sold (the console's plan editor tells the operator which and why).
 */
export async function catalogue(deps: OfferDeps): Promise<Catalogue> {
  const [rows, offer, limits] = await Promise.all([
    pricing.allPlans(deps.db),
    siteOffer(deps),
    dailyLimits(deps.db),
  ]);
  const plans = rows.map(toAdminPlan).filter((p) => p.enabled);
  return {
    currency: 'CNY',
    plans: plans.map((plan) => ({ ...toPlan(plan), benefits: honestBenefits(plan.benefits, offer, limits) })),
  };
}

/** A plan that can be bought now, or undefined (unknown or taken off sale). */
export async function planOnSale(db: Kysely<Database>, id: string): Promise<Plan | undefined> {
  const row = await pricing.findPlanRow(db, id);
  if (!row || Number(row.enabled) !== 1) return undefined;
  return toPlan(toAdminPlan(row));
}

/** Any plan by id, on sale or not (a redeem batch worth a plan keeps working when it is hidden). */
export async function anyPlan(db: Kysely<Database>, id: string): Promise<Plan | undefined> {
  const row = await pricing.findPlanRow(db, id);
  return row ? toPlan(toAdminPlan(row)) : undefined;
}

export async function adminPlans(deps: PricingDeps): Promise<AdminPlan[]> {
  return (await pricing.allPlans(deps.db)).map(toAdminPlan);
}

function checkPrices(body: PlanFields): void {
  if (body.originalPrice !== 0 && body.originalPrice < body.price)
    throw new AppError(ResultCode.badRequest, '原价应不低于售价（不显示原价请填 0）');
}

export async function createPlan(
  deps: PricingDeps,
  actor: Actor,
  body: PlanFields & { id: string },
): Promise<AdminPlan> {
  checkPrices(body);
  const now = deps.clock.now();
  const { id, ...values } = body;
  await deps.db.transaction().execute(async (trx) => {
    if (await pricing.findPlanRow(trx, id))
      throw new AppError(ResultCode.badRequest, `套餐编号 ${id} 已存在，请换一个`);
    await pricing.insertPlan(trx, id, values, now);
    await recordAudit(trx, actor, { action: 'plan.create', target: `plan:${id}`, after: values }, now);
  });
  return toAdminPlan(await pricing.savedPlan(deps.db, id));
}

/** Edits a plan; orders already made keep the price they were made at (they copied it). */
export async function editPlan(
  deps: PricingDeps,
  actor: Actor,
  id: string,
  body: PlanFields,
): Promise<AdminPlan> {
  checkPrices(body);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await pricing.findPlanRow(trx, id);
    if (!before) throw new AppError(ResultCode.notFound, '套餐不存在');
    await pricing.updatePlan(trx, id, body, now);
    await recordAudit(
      trx,
      actor,
      { action: 'plan.edit', target: `plan:${id}`, before: toAdminPlan(before), after: body },
      now,
    );
  });
  return toAdminPlan(await pricing.savedPlan(deps.db, id));
}

/** Today's limits as the server enforces them; a feature with no row falls back to the default. */
export async function dailyLimits(db: Kysely<Database>): Promise<DailyLimits> {
  const limits: DailyLimits = { free: { ...DAILY_QUOTAS.free }, vip: { ...DAILY_QUOTAS.vip } };
  for (const row of await pricing.allDailyLimits(db)) {
    if ((row.tier === 'free' || row.tier === 'vip') && (FEATURES as readonly string[]).includes(row.feature))
      limits[row.tier][row.feature as Feature] = Number(row.daily_limit);
  }
  return limits;
}

export async function setDailyLimits(
  deps: PricingDeps,
  actor: Actor,
  next: DailyLimits,
): Promise<DailyLimits> {
  for (const feature of FEATURES)
    if (next.vip[feature] < next.free[feature])
      throw new AppError(ResultCode.badRequest, 'VIP 的每日次数不能少于免费用户');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await dailyLimits(trx);
    for (const tier of ['free', 'vip'] as const)
      for (const feature of FEATURES)
        await pricing.setDailyLimit(trx, tier, feature, next[tier][feature], now);
    await recordAudit(trx, actor, { action: 'limits.edit', target: 'limits', before, after: next }, now);
  });
  return dailyLimits(deps.db);
}
