import {
  CreatedImage,
  CreateImageBody,
  DeletedResult,
  DrawConfig,
  DrawnImagePage,
  EnvelopeSchema,
  IdsQuery,
  PageQuery,
} from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/** Whether AI 绘画 is configured: the screen needs it before anyone signs in. */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get('/api/v1/getDrawConfig', { schema: { response: { 200: EnvelopeSchema(DrawConfig) } } }, async () =>
    ok(await service.drawConfig(deps)),
  );
};

/** AI 绘画: draw, the gallery, delete. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/createImage/',
    { schema: { body: CreateImageBody, response: { 200: EnvelopeSchema(CreatedImage) } } },
    async (request) => ok(await service.createImage(deps, request.user.userId, request.body), '生成完成'),
  );

  app.get(
    '/api/v1/getImageList',
    { schema: { querystring: PageQuery('drawings'), response: { 200: EnvelopeSchema(DrawnImagePage) } } },
    async (request) => ok(await service.listDrawings(deps, request.user.userId, request.query)),
  );

  app.get(
    '/api/v1/deleteImage',
    { schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } } },
    async (request) =>
      ok(await service.deleteDrawings(deps, request.user.userId, request.query.ids), '已删除'),
  );
};

export const drawingModule: AppModule = {
  name: 'drawing',
  publicRoutes,
  userRoutes,
  onReady: async (deps) => {
    if (!(await deps.imageGenerator.available())) deps.log.warn(service.DRAW_SETUP_HINT);
  },
};
