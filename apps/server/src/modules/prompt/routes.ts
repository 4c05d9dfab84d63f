import {
  CreateMsgTagBody,
  DeletedResult,
  EditMsgTagBody,
  EnvelopeSchema,
  IdsQuery,
  MsgTag,
  MsgTagPage,
  PAGE_SIZE,
  PromptCategory,
  PromptCategoryQuery,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

const TagPageQuery = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGE_SIZE.tags })),
});

/** Prompt tags (the user's own) and the built-in prompt library. */
export const promptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.get(
    '/api/v1/getMsgTagList',
    {
      preHandler: app.requireUser,
      schema: { querystring: TagPageQuery, response: { 200: EnvelopeSchema(MsgTagPage) } },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.tags } = request.query;
      return ok(await service.listTags(deps, signedInUser(request).userId, { pageNo, pageSize }));
    },
  );

  app.post(
    '/api/v1/creatMsgTag',
    {
      preHandler: app.requireUser,
      schema: { body: CreateMsgTagBody, response: { 200: EnvelopeSchema(MsgTag) } },
    },
    async (request) =>
      ok(await service.createTag(deps, signedInUser(request).userId, request.body), '标签已保存'),
  );

  app.post(
    '/api/v1/editMsgTag',
    {
      preHandler: app.requireUser,
      schema: { body: EditMsgTagBody, response: { 200: EnvelopeSchema(MsgTag) } },
    },
    async (request) =>
      ok(await service.editTag(deps, signedInUser(request).userId, request.body), '标签已更新'),
  );

  app.get(
    '/api/v1/deleteMsgTag',
    {
      preHandler: app.requireUser,
      schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await service.deleteTags(deps, signedInUser(request).userId, request.query.ids), '标签已删除'),
  );

  // The library is the same for everyone; signed-out visitors may browse it.
  app.get(
    '/api/v1/getMsgTagCategoryList',
    {
      schema: {
        querystring: PromptCategoryQuery,
        response: { 200: EnvelopeSchema(Type.Array(PromptCategory)) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(service.libraryCategories(request.query));
    },
  );
};
