import {
  CreateImageBody,
  DeletedResult,
  DrawConfig,
  DrawnImage,
  DrawnImagePage,
  EnvelopeSchema,
  IdsQuery,
  PAGE_SIZE,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

/** AI 绘画: draw, the gallery, delete. */
export const drawingRoutes: FastifyPluginAsyncTypebox<{ deps: service.DrawingDeps }> = async (
  app,
  { deps },
) => {
  app.get('/api/v1/getDrawConfig', { schema: { response: { 200: EnvelopeSchema(DrawConfig) } } }, async () =>
    ok(service.drawConfig(deps)),
  );

  app.post(
    '/api/v1/createImage/',
    {
      preHandler: app.requireUser,
      schema: { body: CreateImageBody, response: { 200: EnvelopeSchema(DrawnImage) } },
    },
    async (request) =>
      ok(await service.createImage(deps, signedInUser(request).userId, request.body), '生成完成'),
  );

  app.get(
    '/api/v1/getImageList',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({
          pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: PAGE_SIZE.messages })),
        }),
        response: { 200: EnvelopeSchema(DrawnImagePage) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.messages } = request.query;
      return ok(await service.listImages(deps, signedInUser(request).userId, { pageNo, pageSize }));
    },
  );

  app.get(
    '/api/v1/deleteImage',
    {
      preHandler: app.requireUser,
      schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await service.deleteImages(deps, signedInUser(request).userId, request.query.ids), '已删除'),
  );
};
