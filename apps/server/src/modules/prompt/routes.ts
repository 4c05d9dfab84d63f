import {
  CreateMsgTagBody,
  DeletedResult,
  EditMsgTagBody,
  EnvelopeSchema,
  IdsQuery,
  MsgTag,
  MsgTagPage,
  PageQuery,
  PromptCategory,
  PromptCategoryQuery,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/** The built-in prompt library: the same for everyone, so signed-out visitors may browse it. */
const publicRoutes: Routes = async (app) => {
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

/** The user's own prompt tags. */
const userRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/v1/getMsgTagList',
    { schema: { querystring: PageQuery('tags'), response: { 200: EnvelopeSchema(MsgTagPage) } } },
    async (request) => ok(await service.listTags(deps, request.user.userId, request.query)),
  );

  app.post(
    '/api/v1/creatMsgTag',
    { schema: { body: CreateMsgTagBody, response: { 200: EnvelopeSchema(MsgTag) } } },
    async (request) => ok(await service.createTag(deps, request.user.userId, request.body), '标签已保存'),
  );

  app.post(
    '/api/v1/editMsgTag',
    { schema: { body: EditMsgTagBody, response: { 200: EnvelopeSchema(MsgTag) } } },
    async (request) => ok(await service.editTag(deps, request.user.userId, request.body), '标签已更新'),
  );

  app.get(
    '/api/v1/deleteMsgTag',
    { schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } } },
    async (request) =>
      ok(await service.deleteTags(deps, request.user.userId, request.query.ids), '标签已删除'),
  );
};

export const promptModule: AppModule = { name: 'prompt', publicRoutes, userRoutes };
