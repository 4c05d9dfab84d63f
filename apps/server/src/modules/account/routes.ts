import {
  AccountInfo,
  EditPasswordBody,
  EditPasswordResult,
  EnvelopeSchema,
  LoginBody,
  LoginDevice,
  LoginResult,
  RegisterBody,
  RevokeSessionsBody,
} from '@chuhai/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { accountPersonalData } from './personal-data.ts';
import { promoteToAdmin } from './repository.ts';
import * as service from './service.ts';
import * as signIn from './sign-in.ts';
import { accountStaffRoutes } from './staff-routes.ts';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Register, log in, and change or reset the password (signed in or with an SMS code). */
const publicRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/register/',
    { schema: { body: RegisterBody, response: { 200: EnvelopeSchema(LoginResult) } } },
    async (request) => ok(await signIn.register(deps, request.body, clientOf(request)), '注册成功'),
  );

  app.post(
    '/api/v1/login/',
    { schema: { body: LoginBody, response: { 200: EnvelopeSchema(LoginResult) } } },
    async (request) => ok(await signIn.login(deps, request.body, clientOf(request)), '登录成功'),
  );

  app.post(
    '/api/v1/editPassword/',
    {
      preHandler: app.optionalUser,
      schema: { body: EditPasswordBody, response: { 200: EnvelopeSchema(EditPasswordResult) } },
    },
    async (request) =>
      ok(await signIn.editPassword(deps, request.body, request.account, request.ip), '密码已修改'),
  );
};

/** Log out, and the account's info. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/logout/',
    { schema: { response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await service.logout(deps, request.user);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/api/v1/info',
    {
      schema: {
        querystring: Type.Object({ noError: Type.Optional(Type.String({ maxLength: 8 })) }),
        response: { 200: EnvelopeSchema(AccountInfo) },
      },
    },
    async (request) => ok(await service.accountInfo(deps, request.user)),
  );

  app.get(
    '/api/v1/sessions',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(LoginDevice)) } } },
    async (request) => ok(await service.listSessions(deps, request.user)),
  );

  app.post(
    '/api/v1/sessions/revoke',
    {
      schema: {
        body: RevokeSessionsBody,
        response: { 200: EnvelopeSchema(Type.Object({ revoked: Type.Integer() })) },
      },
    },
    async (request) => {
      const result = await service.revokeSessions(deps, request.user, request.body);
      return ok(result, request.body.all ? `已退出其他 ${result.revoked} 台设备` : '该设备已退出登录');
    },
  );
};

export const accountModule: AppModule = {
  name: 'account',
  publicRoutes,
  userRoutes,
  staffRoutes: accountStaffRoutes,
  personalData: accountPersonalData,
  // ADMIN_PHONES: the accounts named there are made admins at start (the role lives on the account).
  onReady: async (deps) => {
    const promoted = await promoteToAdmin(deps.db, deps.config.adminPhones);
    if (promoted > 0) deps.log.info({ promoted }, 'ADMIN_PHONES: accounts made admins');
  },
};
