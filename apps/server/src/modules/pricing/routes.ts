import {
  AdminPlan,
  Catalogue,
  DailyLimits,
  EnvelopeSchema,
  LimitsEditBody,
  PlanCreateBody,
  PlanEditBody,
  SiteOffer,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { actorOf, requireMoneyAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

const PlanIdParams = Type.Object({ id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });

/**
 * What the price page reads: the plans on sale, the daily limits (both straight from the database)
 * and which tools and models are on, so it promises nothing the site cannot deliver.
 */
const publicRoutes: Routes = async (app, { deps }) => {
  // Spec section 7 names this path; it used to be a static file and is now the console's plans.
  app.get('/product.json', { schema: { response: { 200: Catalogue } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return service.catalogue(deps);
  });

  app.get('/api/v1/offer', { schema: { response: { 200: EnvelopeSchema(SiteOffer) } } }, async () =>
    ok(await service.siteOffer(deps)),
  );

  app.get('/api/v1/limits', { schema: { response: { 200: EnvelopeSchema(DailyLimits) } } }, async () =>
    ok(await service.dailyLimits(deps.db)),
  );
};

/** 运营后台 · 套餐与额度. */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/plans',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(AdminPlan)) } } },
    async () => ok(await service.adminPlans(deps)),
  );

  // What sellers pay and get: an admin with a fresh two-factor code, like every money action.
  app.post(
    '/api/admin/plans',
    { schema: { body: PlanCreateBody, response: { 200: EnvelopeSchema(AdminPlan) } } },
    async (request) => {
      const { totp, ...plan } = request.body;
      await requireMoneyAuth(request, totp);
      return ok(await service.createPlan(deps, actorOf(request), plan), '套餐已添加');
    },
  );

  app.post(
    '/api/admin/plans/:id',
    { schema: { params: PlanIdParams, body: PlanEditBody, response: { 200: EnvelopeSchema(AdminPlan) } } },
    async (request) => {
      const { totp, ...plan } = request.body;
      await requireMoneyAuth(request, totp);
      return ok(await service.editPlan(deps, actorOf(request), request.params.id, plan), '套餐已保存');
    },
  );

  app.post(
    '/api/admin/limits',
    { schema: { body: LimitsEditBody, response: { 200: EnvelopeSchema(DailyLimits) } } },
    async (request) => {
      const { totp, ...limits } = request.body;
      await requireMoneyAuth(request, totp);
      return ok(await service.setDailyLimits(deps, actorOf(request), limits), '每日次数已保存');
    },
  );
};

export const pricingModule: AppModule = {
  name: 'pricing',
  publicRoutes,
  staffRoutes,
  onReady: (deps) => service.seedPricing(deps),
};
