import {
  EnvelopeSchema,
  GlossaryEntry,
  GlossaryEntryBody,
  GlossaryIdParams,
  TranslatePsdBody,
  TranslateRenderBody,
  TranslateRenderResult,
  TranslateResult,
  TranslationIdParams,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { FormField, readForm } from '../../http/multipart.ts';
import { openTranslation } from './documents.ts';
import * as glossary from './glossary-service.ts';
import { translatePersonalData } from './personal-data.ts';
import { exportTranslationPsd } from './psd-export.ts';
import { readKeepWords, readProductText, renderTranslation, translateImage } from './service.ts';

/** What the seller is told: leftovers, and the product's text kept on purpose. */
function translatedMessage(result: TranslateResult): string {
  const onProduct = result.kept.filter((k) => k.reason === 'product').length;
  return [
    '翻译完成',
    ...(onProduct > 0 ? [`商品上的文字 ${onProduct} 处已保留`] : []),
    ...(result.residual.count > 0 ? [`残留中文 ${result.residual.count} 个字`] : []),
  ].join('，');
}

/** 图片翻译's form fields, each read by the service's reader (its Chinese 400 included). */
const TranslateForm = Type.Object({
  target: FormField((raw) => raw.trim()),
  keep: FormField(readKeepWords),
  glossary: FormField(glossary.readRequestGlossary),
  productText: FormField(readProductText),
});

/** 智能做图 · 图片翻译: one supplier image into the buyer's language, then the seller's edits. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/translate/image',
    { schema: { response: { 200: EnvelopeSchema(TranslateResult) } } },
    async (request) => {
      const { files, fields } = await readForm(request, TranslateForm, {
        oneFileOnly: '图片翻译一次处理一张图片，请逐张上传',
      });
      const result = await translateImage(deps, request.user.userId, {
        bytes: files[0]?.bytes ?? null,
        fileName: files[0]?.name,
        ...fields,
      });
      return ok(result, translatedMessage(result));
    },
  );

  app.post(
    '/api/v1/translate/render',
    { schema: { body: TranslateRenderBody, response: { 200: EnvelopeSchema(TranslateRenderResult) } } },
    async (request) => ok(await renderTranslation(deps, request.user.userId, request.body), '已重新生成'),
  );

  // 继续编辑 (最近作品) and a reload: the caller's translation as last drawn; anyone else's is a 404.
  app.get(
    '/api/v1/translate/:id',
    { schema: { params: TranslationIdParams, response: { 200: EnvelopeSchema(TranslateResult) } } },
    async (request) => ok(await openTranslation(deps, request.user.userId, request.params.id)),
  );

  // 下载 PSD: a file, not an envelope (its failures are envelopes, as everywhere).
  app.post('/api/v1/translate/psd', { schema: { body: TranslatePsdBody } }, async (request, reply) => {
    const psd = await exportTranslationPsd(deps, request.user.userId, request.body);
    return reply
      .header('content-type', 'image/vnd.adobe.photoshop')
      .header('content-disposition', `attachment; filename="${psd.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(psd.bytes);
  });

  // 术语表: the seller's stored terms, used in every translation they run.
  app.get(
    '/api/v1/translate/glossary',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(GlossaryEntry)) } } },
    async (request) => ok(await glossary.listGlossary(deps, request.user.userId)),
  );

  app.post(
    '/api/v1/translate/glossary',
    { schema: { body: GlossaryEntryBody, response: { 200: EnvelopeSchema(GlossaryEntry) } } },
    async (request) =>
      ok(await glossary.addGlossaryEntry(deps, request.user.userId, request.body), '已加入术语表'),
  );

  app.post(
    '/api/v1/translate/glossary/:id',
    {
      schema: {
        params: GlossaryIdParams,
        body: GlossaryEntryBody,
        response: { 200: EnvelopeSchema(GlossaryEntry) },
      },
    },
    async (request) =>
      ok(
        await glossary.editGlossaryEntry(deps, request.user.userId, request.params.id, request.body),
        '术语已保存',
      ),
  );

  app.post(
    '/api/v1/translate/glossary/:id/delete',
    { schema: { params: GlossaryIdParams, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await glossary.deleteGlossaryEntry(deps, request.user.userId, request.params.id);
      return ok(null, '术语已删除');
    },
  );
};

export const translateModule: AppModule = {
  name: 'translate',
  userRoutes,
  personalData: translatePersonalData,
};
