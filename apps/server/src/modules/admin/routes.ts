import {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderQuery,
  AdminUserDetail,
  AdminUserPage,
  AdminUserQuery,
  AuditPage,
  AuditQuery,
  CostQuery,
  CostReport,
  Dashboard,
  DashboardQuery,
  DisableBody,
  EnvelopeSchema,
  ProviderKind,
  ProviderStatus,
  ProviderTestResult,
  RefundBody,
  RoleBody,
  StaffMe,
  TotpCode,
  TotpSetup,
  VipAdjustBody,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { requireAdmin, requireMoneyAuth, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { confirmTotp, me, resetTotp, setupTotp } from '../account/operators.ts';
import { promoteToAdmin } from '../account/repository.ts';
import * as users from '../account/staff-users.ts';
import { auditLog } from '../audit/service.ts';
import { refundOrder } from '../order/refunds.ts';
import { orderDetail, searchOrders } from '../order/staff-orders.ts';
import { costReport } from './costs.ts';
import { dashboard } from './dashboard.ts';
import { providerStatuses, testProvider } from './providers.ts';

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const OrderNoParams = Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 40 }) });

/** 运营后台: the operator, two-factor, users and the audit log. Orders and refunds: `orders-routes.ts`. */
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

  app.get('/api/admin/me', { schema: { response: { 200: EnvelopeSchema(StaffMe) } } }, async (request) =>
    ok(await me(deps, staffOf(request))),
  );

  app.post(
    '/api/admin/totp/setup',
    {
      schema: {
        // The current authenticator's code: needed to replace a bound one.
        body: Type.Object({ code: Type.Optional(TotpCode) }),
        response: { 200: EnvelopeSchema(TotpSetup) },
      },
    },
    async (request) => ok(await setupTotp(deps, staffOf(request), request.body.code, request.ip)),
  );

  app.post(
    '/api/admin/totp/confirm',
    { schema: { body: Type.Object({ code: TotpCode }), response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await confirmTotp(deps, staffOf(request), request.body.code, request.ip);
      return ok(null, '两步验证已绑定');
    },
  );

  app.get(
    '/api/admin/users',
    { schema: { querystring: AdminUserQuery, response: { 200: EnvelopeSchema(AdminUserPage) } } },
    async (request) => ok(await users.searchUsers(deps, request.query)),
  );

  app.get(
    '/api/admin/users/:id',
    { schema: { params: UserIdParams, response: { 200: EnvelopeSchema(AdminUserDetail) } } },
    async (request) => ok(await users.userDetail(deps, request.params.id)),
  );

  app.post(
    '/api/admin/users/:id/vip',
    {
      schema: {
        params: UserIdParams,
        body: VipAdjustBody,
        response: { 200: EnvelopeSchema(Type.Object({ vipEndAt: Type.Number() })) },
      },
    },
    async (request) => {
      users.checkVipDays(request.body.days);
      await requireMoneyAuth(request, request.body.totp);
      return ok(
        await users.adjustVip(deps, staffOf(request), request.params.id, request.body, request.ip),
        '会员已调整',
      );
    },
  );

  app.post(
    '/api/admin/users/:id/disable',
    { schema: { params: UserIdParams, body: DisableBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await users.setDisabled(deps, staffOf(request), request.params.id, request.body, request.ip);
      return ok(null, request.body.disabled ? '账号已停用' : '账号已启用');
    },
  );

  app.post(
    '/api/admin/users/:id/totp-reset',
    {
      schema: {
        params: UserIdParams,
        body: Type.Object({ totp: TotpCode }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await resetTotp(deps, staffOf(request), request.params.id, request.body.totp, request.ip);
      return ok(null, '两步验证已重置，对方下次进入运营后台时重新绑定');
    },
  );

  app.post(
    '/api/admin/users/:id/role',
    { schema: { params: UserIdParams, body: RoleBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await requireMoneyAuth(request, request.body.totp);
      await users.setRole(deps, staffOf(request), request.params.id, request.body, request.ip);
      return ok(null, '角色已修改');
    },
  );

  app.get(
    '/api/admin/orders',
    { schema: { querystring: AdminOrderQuery, response: { 200: EnvelopeSchema(AdminOrderPage) } } },
    async (request) => ok(await searchOrders(deps, request.query)),
  );

  app.get(
    '/api/admin/orders/:orderNo',
    { schema: { params: OrderNoParams, response: { 200: EnvelopeSchema(AdminOrderDetail) } } },
    async (request) => ok(await orderDetail(deps, request.params.orderNo)),
  );

  app.post(
    '/api/admin/orders/:orderNo/refund',
    {
      schema: {
        params: OrderNoParams,
        body: RefundBody,
        response: {
          200: EnvelopeSchema(Type.Object({ refundNo: Type.String(), status: Type.String() })),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await requireMoneyAuth(request, request.body.totp);
      const result = await refundOrder(
        deps,
        { userId: staff.userId, ip: request.ip },
        request.params.orderNo,
        {
          amount: request.body.amount,
          reason: request.body.reason,
        },
      );
      return ok(result, result.status === 'succeeded' ? '退款成功' : '退款已提交，渠道处理中');
    },
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
  onReady: async (deps) => {
    const promoted = await promoteToAdmin(deps.db, deps.config.adminPhones);
    if (promoted > 0) deps.log.info({ promoted }, 'ADMIN_PHONES: accounts made admins');
  },
};
