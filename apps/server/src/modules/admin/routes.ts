import {
  AuditPage,
  AuditQuery,
  CostCallPage,
  CostCallQuery,
  CostQuery,
  CostReport,
  Dashboard,
  DashboardQuery,
  EnvelopeSchema,
  ProviderKind,
  ProviderStatus,
  ProviderTestResult,
  SellerCostQuery,
  SellerCostReport,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { requireAdmin, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { auditLog } from '../audit/service.ts';
import { costCalls } from './cost-log.ts';
import { costReport } from './costs.ts';
import { dashboard } from './dashboard.ts';
import { providerStatuses, testProvider } from './providers.ts';
import { sellerCosts } from './seller-costs.ts';

/**
 * 运营后台, what is console-wide: the dashboard, costs, provider status and the audit log. The
 * operator, two-factor and users: account/staff-routes.ts; orders and refunds: order/staff-routes.ts.
 */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/dashboard',
    { schema: { querystring: DashboardQuery, response: { 200: EnvelopeSchema(Dashboard) } } },
    async (request) => ok(await dashboard(deps, request.query.days ?? 7)),
  );

  app.get(
    '/api/admin/costs',
    { schema: { querystring: CostQuery, response: { 200: EnvelopeSchema(CostReport) } } },
    async (request) => ok(await costReport(deps, request.query.days ?? 14)),
  );

  app.get(
    '/api/admin/costs/calls',
    { schema: { querystring: CostCallQuery, response: { 200: EnvelopeSchema(CostCallPage) } } },
    async (request) => ok(await costCalls(deps, request.query)),
  );

  app.get(
    '/api/admin/costs/sellers',
    { schema: { querystring: SellerCostQuery, response: { 200: EnvelopeSchema(SellerCostReport) } } },
    async (request) => ok(await sellerCosts(deps, request.query.period ?? '7')),
  );

  app.get(
    '/api/admin/providers',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(ProviderStatus)) } } },
    async () => ok(await providerStatuses(deps)),
  );

  app.post(
    '/api/admin/providers/:kind/test',
    {
      schema: {
        params: Type.Object({ kind: ProviderKind }),
        response: { 200: EnvelopeSchema(ProviderTestResult) },
      },
    },
    async (request) => {
      // A test can cost money (a drawing, a text message): admins only.
      requireAdmin(staffOf(request));
      return ok(await testProvider(deps, staffOf(request), request.params.kind));
    },
  );

  app.get(
    '/api/admin/audit',
    { schema: { querystring: AuditQuery, response: { 200: EnvelopeSchema(AuditPage) } } },
    async (request) => ok(await auditLog(deps, request.query)),
  );
};

export const adminModule: AppModule = {
  name: 'admin',
  personalData: {
    tables: [
      {
        table: 'audit_log',
        columns: ['actor_id', 'target'],
        onDelete: { kept: '运营后台的操作日志（谁对哪个账号做了什么），用于追责，不随账号删除' },
      },
    ],
  },
  staffRoutes,
};
