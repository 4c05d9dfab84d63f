import { EnvelopeSchema, InviteHistoryPage, PAGE_SIZE } from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/** Invitation rewards: the inviter's history and totals. */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/inviteActivityHistory',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({
          pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 50, default: PAGE_SIZE.inviteHistory }),
          ),
        }),
        response: { 200: EnvelopeSchema(InviteHistoryPage) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.inviteHistory } = request.query;
      return ok(
        await service.history(app.db, signedInUser(request).userId, { pageNo, pageSize }, app.clock.now()),
      );
    },
  );
};
