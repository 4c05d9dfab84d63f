import { DeleteAccountBody, EnvelopeSchema, MyDataExport } from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, PersonalData, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { deleteMyAccount, exportMyData } from './service.ts';

/**
 * 导出我的数据 and 注销账号 (PIPL), over the personal data the other modules declare. The account
 * module's part runs last, so the account row is anonymised after everything that looks it up.
 */
export function privacyModule(modules: AppModule[]): AppModule {
  const holders: PersonalData[] = [
    ...modules.filter((m) => m.name !== 'account').flatMap((m) => m.personalData ?? []),
    ...modules.filter((m) => m.name === 'account').flatMap((m) => m.personalData ?? []),
  ];
  const userRoutes: Routes = async (app, { deps }) => {
    app.get(
      '/api/v1/account/export',
      { schema: { response: { 200: EnvelopeSchema(MyDataExport) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await exportMyData(deps, holders, request.user));
      },
    );

    app.post(
      '/api/v1/account/delete',
      { schema: { body: DeleteAccountBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
      async (request) => {
        await deleteMyAccount(deps, holders, request.user, request.body.code);
        return ok(null, '账号已注销');
      },
    );
  };
  return { name: 'privacy', userRoutes };
}
