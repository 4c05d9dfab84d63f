import { DeleteAccountBody, EnvelopeSchema, MyDataExport } from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { deleteMyAccount, exportMyData } from './service.ts';

/** 导出我的数据 and 注销账号 (PIPL). */
const userRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/v1/account/export',
    { schema: { response: { 200: EnvelopeSchema(MyDataExport) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await exportMyData(deps, request.user));
    },
  );

  app.post(
    '/api/v1/account/delete',
    { schema: { body: DeleteAccountBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await deleteMyAccount(deps, request.user, request.body.code);
      return ok(null, '账号已注销');
    },
  );
};

export const privacyModule: AppModule = { name: 'privacy', userRoutes };
