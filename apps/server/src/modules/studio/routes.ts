import {
  BackgroundCategory,
  BackgroundPage,
  CutoutResult,
  type CutoutStreamEvents,
  DeletedResult,
  EnvelopeSchema,
  IdsQuery,
  PageQuery,
  ReplaceResult,
  ResultCode,
  StudioImagePage,
  StudioWork,
  StudioWorkIdParams,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { toEnvelope } from '../../http/error-handler.ts';
import { readForm, readMultipart } from '../../http/multipart.ts';
import { openSse } from '../../http/sse.ts';
import {
  backgroundThumbnail,
  findDesign,
  listBackgrounds,
  listCategories,
} from '../../imaging/backgrounds/library.ts';
import { AppError } from '../../lib/app-error.ts';
import { CutoutForm, TouchUpForm } from './form-fields.ts';
import { studioPersonalData } from './personal-data.ts';
import { deleteRecentImages, listRecentImages } from './recent.ts';
import { readReplaceFields, replaceBackground } from './replace.ts';
import { removeBackground } from './service.ts';
import { saveTouchUp } from './touch-up.ts';
import { openWork } from './works.ts';

/** The background library: categories, designs and their thumbnails, the same for everyone. */
const publicRoutes: Routes = async (app) => {
  app.get(
    '/api/mokker/category',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(BackgroundCategory)) } } },
    async () => ok(listCategories()),
  );

  app.get(
    '/api/mokker/backgrounds',
    {
      schema: {
        querystring: PageQuery('backgrounds', { categoryId: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: EnvelopeSchema(BackgroundPage) },
      },
    },
    async (request) => ok(listBackgrounds(request.query)),
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
};

/** 智能做图: cut-outs and main images, background replacement, 最近作品. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/remove/remove',
    { schema: { response: { 200: EnvelopeSchema(CutoutResult) } } },
    async (request, reply) => {
      const { files, fields } = await readForm(request, CutoutForm, {
        oneFileOnly: '抠图一次处理一张图片，请逐张上传',
      });
      const input = { upload: files[0], ...fields };
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        return ok(await removeBackground(deps, request.user.userId, input), '处理完成');
      }
      // The page shows which stage the photo is in; the outcome comes as the last event.
      const stream = openSse<CutoutStreamEvents>(request, reply, deps.config.chat.heartbeatMs);
      try {
        const result = await removeBackground(deps, request.user.userId, input, (stage) =>
          stream.send('stage', { stage }),
        );
        stream.send('result', ok(result, '处理完成'));
      } catch (error) {
        stream.send('result', toEnvelope(error as AppError, request) as CutoutStreamEvents['result']);
      }
      stream.end();
      return reply;
    },
  );

  app.post(
    '/api/v1/remove/mask',
    { schema: { response: { 200: EnvelopeSchema(CutoutResult) } } },
    async (request) => {
      const { files, fields } = await readForm(request, TouchUpForm);
      const result = await saveTouchUp(deps, request.user.userId, { mask: files[0], ...fields });
      return ok(result, '已保存修补，主图已重新生成');
    },
  );

  app.post(
    '/api/mokker/replace',
    { schema: { response: { 200: EnvelopeSchema(ReplaceResult) } } },
    async (request) => {
      const { files, fields } = await readMultipart(request);
      const result = await replaceBackground(deps, request.user.userId, {
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
      schema: {
        querystring: PageQuery('recentImages', {
          kinds: Type.Optional(
            Type.String({ pattern: '^(cutout|main|replace|translate)(,(cutout|main|replace|translate))*$' }),
          ),
        }),
        response: { 200: EnvelopeSchema(StudioImagePage) },
      },
    },
    async (request) => ok(await listRecentImages(deps, request.user.userId, request.query)),
  );

  // 继续编辑 (最近作品) and a reload: the caller's 抠图 or 换背景 work as last left; anyone else's is a 404.
  app.get(
    '/api/v1/studio/works/:id',
    { schema: { params: StudioWorkIdParams, response: { 200: EnvelopeSchema(StudioWork) } } },
    async (request) => ok(await openWork(deps, request.user.userId, request.params.id)),
  );

  app.get(
    '/api/v1/studio/deleteImages',
    { schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } } },
    async (request) => ok(await deleteRecentImages(deps, request.user.userId, request.query.ids), '已删除'),
  );
};

export const studioModule: AppModule = {
  name: 'studio',
  personalData: studioPersonalData,
  publicRoutes,
  userRoutes,
};
