import {
  BackgroundCategory,
  BackgroundPage,
  CutoutResult,
  DeletedResult,
  EnvelopeSchema,
  IdsQuery,
  ReplaceResult,
  ResultCode,
  type StudioImageKind,
  StudioImagePage,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { readMultipart } from '../../http/multipart.ts';
import { backgroundThumbnail, findDesign, listBackgrounds, listCategories } from './backgrounds/library.ts';
import { deleteRecentImages, listRecentImages, purgeExpiredImages } from './recent.ts';
import { readReplaceFields, replaceBackground } from './replace.ts';
import { removeBackground, type StudioDeps } from './service.ts';

const PURGE_EVERY_MS = 3_600_000;
const PURGE_FIRST_AFTER_MS = 60_000;

/** 智能做图: cut-outs and main images, the background library, background replacement. */
export const studioRoutes: FastifyPluginAsyncTypebox<{ deps: StudioDeps }> = async (app, { deps }) => {
  app.post(
    '/api/v1/remove/remove',
    { preHandler: app.requireUser, schema: { response: { 200: EnvelopeSchema(CutoutResult) } } },
    async (request) => {
      const { files, fields } = await readMultipart(request);
      if (files.length > 1) throw new AppError(ResultCode.badRequest, '抠图一次处理一张图片，请逐张上传');
      const rawId = fields.cutoutId?.trim();
      if (rawId && !/^\d{1,15}$/.test(rawId))
        throw new AppError(ResultCode.badRequest, 'cutoutId 应为数字编号');
      const result = await removeBackground(deps, signedInUser(request).userId, {
        upload: files[0],
        cutoutId: rawId ? Number(rawId) : undefined,
        preset: fields.preset?.trim(),
      });
      return ok(result, '处理完成');
    },
  );

  app.get(
    '/api/mokker/category',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(BackgroundCategory)) } } },
    async () => ok(listCategories()),
  );

  app.get(
    '/api/mokker/backgrounds',
    {
      schema: {
        querystring: Type.Object({
          categoryId: Type.Optional(Type.String({ maxLength: 40 })),
          pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 24 })),
        }),
        response: { 200: EnvelopeSchema(BackgroundPage) },
      },
    },
    async (request) => {
      const { categoryId, pageNo = 1, pageSize = 24 } = request.query;
      return ok(listBackgrounds({ categoryId: categoryId || undefined, pageNo, pageSize }));
    },
  );

  // Outside /api: an <img> cannot send the request signature, and the library is public anyway.
  app.get(
    '/backgrounds/:file',
    { schema: { params: Type.Object({ file: Type.String({ maxLength: 80 }) }) } },
    async (request, reply) => {
      const design = request.params.file.endsWith('.webp')
        ? findDesign(request.params.file.slice(0, -5))
        : undefined;
      if (!design) throw new AppError(ResultCode.notFound, '背景不存在');
      const bytes = await backgroundThumbnail(design);
      // The designs only change with a release; a day of caching keeps the picker instant.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=86400')
        .send(bytes);
    },
  );

  app.post(
    '/api/mokker/replace',
    { preHandler: app.requireUser, schema: { response: { 200: EnvelopeSchema(ReplaceResult) } } },
    async (request) => {
      const { files, fields } = await readMultipart(request);
      const result = await replaceBackground(deps, signedInUser(request).userId, {
        uploads: files,
        ...readReplaceFields(fields),
      });
      const made = result.results.filter((r) => r.image).length;
      return ok(
        result,
        made === result.results.length
          ? '处理完成'
          : `完成 ${made} 张，${result.results.length - made} 张失败`,
      );
    },
  );

  app.get(
    '/api/v1/studio/images',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({
          kinds: Type.Optional(Type.String({ pattern: '^(cutout|main|replace)(,(cutout|main|replace))*$' })),
          pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 12 })),
        }),
        response: { 200: EnvelopeSchema(StudioImagePage) },
      },
    },
    async (request) => {
      const { kinds, pageNo = 1, pageSize = 12 } = request.query;
      return ok(
        await listRecentImages(deps, signedInUser(request).userId, {
          kinds: kinds ? (kinds.split(',') as StudioImageKind[]) : [],
          pageNo,
          pageSize,
        }),
      );
    },
  );

  app.get(
    '/api/v1/studio/deleteImages',
    {
      preHandler: app.requireUser,
      schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await deleteRecentImages(deps, signedInUser(request).userId, request.query.ids), '已删除'),
  );

  // Results older than STUDIO_KEEP_DAYS are removed by an hourly sweep (any node may run it: a row
  // is deleted once, and only the node that deleted it removes the file).
  const purge = () =>
    purgeExpiredImages(deps)
      .then((removed) => removed > 0 && app.log.info({ removed }, 'expired studio images removed'))
      .catch((err) => app.log.error({ err }, 'removing expired studio images failed'));
  const firstPurge = setTimeout(purge, PURGE_FIRST_AFTER_MS);
  const sweep = setInterval(purge, PURGE_EVERY_MS);
  firstPurge.unref();
  sweep.unref();
  app.addHook('onClose', async () => {
    clearTimeout(firstPurge);
    clearInterval(sweep);
  });
};
