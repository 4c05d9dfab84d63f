import {
  AdminUserDetail,
  AdminUserPage,
  AdminUserQuery,
  DisableBody,
  EnvelopeSchema,
  RoleBody,
  StaffMe,
  TotpCode,
  TotpSetup,
  VipAdjustBody,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { Routes } from '../../app-module.ts';
import { requireMoneyAuth, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { confirmTotp, me, resetTotp, setupTotp } from './operators.ts';
import * as users from './staff-users.ts';

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** 运营后台 · the operator and their two-factor, and 用户: find, open, adjust VIP, disable, roles. */
export const accountStaffRoutes: Routes = async (app, { deps }) => {
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
};
