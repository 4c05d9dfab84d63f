import { EnvelopeSchema, InviteHistoryPage, PageQuery } from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { invitePersonalData } from './personal-data.ts';
import * as service from './service.ts';

/** Invitation rewards: the inviter's history and totals. */
const userRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/v1/inviteActivityHistory',
    {
      schema: {
        querystring: PageQuery('inviteHistory'),
        response: { 200: EnvelopeSchema(InviteHistoryPage) },
      },
    },
    async (request) => ok(await service.history(deps, request.user.userId, request.query)),
  );
};

export const inviteModule: AppModule = { name: 'invite', userRoutes, personalData: invitePersonalData };
