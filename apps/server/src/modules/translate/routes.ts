import {
  EnvelopeSchema,
  ResultCode,
  TranslateRenderBody,
  TranslateRenderResult,
  TranslateResult,
} from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { readMultipart } from '../../http/multipart.ts';
import { readKeepWords, renderTranslation, translateImage } from './service.ts';

/** 智能做图 · 图片翻译: one supplier image into the buyer's language, then the seller's edits. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/translate/image',
    { schema: { response: { 200: EnvelopeSchema(TranslateResult) } } },
    async (request) => {
      const { files, fields } = await readMultipart(request);
      if (files.length > 1) throw new AppError(ResultCode.badRequest, '图片翻译一次处理一张图片，请逐张上传');
      const result = await translateImage(deps, request.user.userId, {
        bytes: files[0]?.bytes ?? null,
        target: fields.target?.trim() ?? '',
        keep: readKeepWords(fields.keep),
      });
      return ok(
        result,
        result.residual.count === 0 ? '翻译完成' : `翻译完成，残留中文 ${result.residual.count} 处`,
      );
    },
  );

  app.post(
    '/api/v1/translate/render',
    { schema: { body: TranslateRenderBody, response: { 200: EnvelopeSchema(TranslateRenderResult) } } },
    async (request) => ok(await renderTranslation(deps, request.user.userId, request.body), '已重新生成'),
  );
};

export const translateModule: AppModule = { name: 'translate', userRoutes };
