import {
  AdminLibraryCategory,
  CreateMsgTagBody,
  DeletedResult,
  EditMsgTagBody,
  EnvelopeSchema,
  IdsQuery,
  LibraryCategoryBody,
  LibraryPromptBody,
  MsgTag,
  MsgTagPage,
  PageQuery,
  PromptCategory,
  PromptCategoryQuery,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { actorOf, requireAdmin, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as library from './library-service.ts';
import { promptPersonalData } from './personal-data.ts';
import * as service from './service.ts';

/** The built-in prompt library: the same for everyone, so signed-out visitors may browse it. */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/v1/getMsgTagCategoryList',
    {
      schema: {
        querystring: PromptCategoryQuery,
        response: { 200: EnvelopeSchema(Type.Array(PromptCategory)) },
      },
    },
    async (request, reply) => {
      // Short: an operator's edit should reach browsers within the minute.
      reply.header('cache-control', 'public, max-age=60');
      return ok(await library.shownLibrary(deps, request.query));
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

const CategoryParams = Type.Object({ id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const PromptParams = Type.Object({ id: Type.String({ pattern: '^lib-[a-z0-9-]{1,60}$' }) });
const SavedId = EnvelopeSchema(Type.Object({ id: Type.String() }));

/** 运营后台 · 提示词库. */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/library',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(AdminLibraryCategory)) } } },
    async () => ok(await library.adminLibrary(deps)),
  );

  app.post(
    '/api/admin/library/categories',
    { schema: { body: LibraryCategoryBody, response: { 200: SavedId } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok({ id: await library.saveCategory(deps, actorOf(request), null, request.body) }, '分类已添加');
    },
  );

  app.post(
    '/api/admin/library/categories/:id',
    { schema: { params: CategoryParams, body: LibraryCategoryBody, response: { 200: SavedId } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok(
        { id: await library.saveCategory(deps, actorOf(request), request.params.id, request.body) },
        '分类已保存',
      );
    },
  );

  app.post(
    '/api/admin/library/prompts',
    { schema: { body: LibraryPromptBody, response: { 200: SavedId } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok({ id: await library.savePrompt(deps, actorOf(request), null, request.body) }, '提示词已添加');
    },
  );

  app.post(
    '/api/admin/library/prompts/:id',
    { schema: { params: PromptParams, body: LibraryPromptBody, response: { 200: SavedId } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok(
        { id: await library.savePrompt(deps, actorOf(request), request.params.id, request.body) },
        '提示词已保存',
      );
    },
  );

  app.post(
    '/api/admin/library/prompts/:id/delete',
    { schema: { params: PromptParams, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      await library.deletePrompt(deps, actorOf(request), request.params.id);
      return ok(null, '提示词已删除');
    },
  );
};

export const promptModule: AppModule = {
  name: 'prompt',
  personalData: promptPersonalData,
  publicRoutes,
  userRoutes,
  staffRoutes,
  onReady: (deps) => library.seedLibrary(deps),
};
