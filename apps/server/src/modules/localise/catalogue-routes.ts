import { EnvelopeSchema, LOCALISE_LIMITS, LocaliseCatalogue, ResultCode } from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { readCatalogue } from './catalogue.ts';
import { catalogueTemplate } from './catalogue-sheet.ts';

const LIMITS = LOCALISE_LIMITS.catalogue;
const TEMPLATE_NAME = encodeURIComponent('一键出海商品表模板.csv');

/** 一键出海's catalogue intake: the template to fill in, and the sheet + photos ZIP it reads. */
const userRoutes: Routes = async (app, { deps }) => {
  app.get('/api/v1/localise/catalogue-template', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="localise-catalogue-template.csv"; filename*=UTF-8''${TEMPLATE_NAME}`,
      )
      .header('cache-control', 'private, no-cache')
      .send(catalogueTemplate()),
  );

  app.post(
    '/api/v1/localise/catalogue',
    { schema: { response: { 200: EnvelopeSchema(LocaliseCatalogue) } } },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(
          ResultCode.badRequest,
          '请用 multipart/form-data 上传商品表（sheet）和照片压缩包（photos）',
        );
      // Above the app-wide limits (one image tool's 10 MB, 10 files): the ZIP is one file of up to
      // 300 MB, or the photos come as files of their own (as many as a ZIP may hold, 10 MB each).
      const files = 1 + LIMITS.zipEntries;
      const parts = request.parts({
        limits: { fileSize: LIMITS.zipBytes, files, fields: 5, fieldSize: 4096, parts: files + 5 },
      });
      const catalogue = await readCatalogue(deps, request.user.userId, parts);
      const msg =
        catalogue.refused.length > 0
          ? `收下 ${catalogue.products.length} 个商品，${catalogue.refused.length} 行没有收下`
          : `收下 ${catalogue.products.length} 个商品`;
      return ok(catalogue, msg);
    },
  );
};

export const localiseCatalogueModule: AppModule = { name: 'localise-catalogue', userRoutes };
