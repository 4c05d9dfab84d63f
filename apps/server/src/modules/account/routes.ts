import {
  AccountInfo,
  EditPasswordBody,
  EditPasswordResult,
  EnvelopeSchema,
  LoginBody,
  LoginResult,
  RegisterBody,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/** Accounts: register, login, logout, change or reset the password, account info. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.post(
    '/api/v1/register/',
    { schema: { body: RegisterBody, response: { 200: EnvelopeSchema(LoginResult) } } },
    async (request) => ok(await service.register(deps, request.body), '注册成功'),
  );

  app.post(
    '/api/v1/login/',
    { schema: { body: LoginBody, response: { 200: EnvelopeSchema(LoginResult) } } },
    async (request) => ok(await service.login(deps, request.body, request.ip), '登录成功'),
  );

  app.post(
    '/api/v1/logout/',
    { preHandler: app.requireUser, schema: { response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await service.logout(deps, signedInUser(request));
      return ok(null, '已退出登录');
    },
  );

  app.post(
    '/api/v1/editPassword/',
    {
      preHandler: app.optionalUser,
      schema: { body: EditPasswordBody, response: { 200: EnvelopeSchema(EditPasswordResult) } },
    },
    async (request) => ok(await service.editPassword(deps, request.body, request.account), '密码已修改'),
  );

  app.get(
    '/api/v1/info',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({ noError: Type.Optional(Type.String({ maxLength: 8 })) }),
        response: { 200: EnvelopeSchema(AccountInfo) },
      },
    },
    async (request) => ok(await service.accountInfo(deps, signedInUser(request))),
  );
};
