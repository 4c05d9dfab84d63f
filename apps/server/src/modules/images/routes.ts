import sharp from 'sharp';
import type { AppModule, Routes } from '../../app-module.ts';
import { checkFileLink } from '../../lib/file-links.ts';
import { isSafeKey } from '../../providers/storage/file-store.ts';
import { downloadDisposition } from './download-disposition.ts';
import { imagesPersonalData } from './personal-data.ts';
import { purgeExpiredImages } from './service.ts';

/**
 * `GET /files/<key>?exp=&sig=`: a stored file, for whoever holds a link the API signed (only ever
 * handed to the file's owner). Expired or altered links get 403; the browser may cache a file
 * privately until its link expires. `download` makes it an attachment
 * (`download=<name>` saved under that name); `opaque` sends a cut-out's
 * photo (its colours without the alpha, as a JPEG), which 继续编辑 opens for 对比 and 修补.
 */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const {
      exp = '',
      sig = '',
      download,
      opaque,
    } = request.query as { exp?: string; sig?: string; download?: string; opaque?: string };
    const now = deps.clock.now();
    const check = isSafeKey(key) ? checkFileLink(key, exp, sig, deps.fileUrlSecret, now) : 'invalid';
    if (check !== 'ok') {
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .send(check === 'expired' ? '链接已过期，请刷新页面' : '无权访问该文件');
    }
    const file = await deps.files.get(key);
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    const maxAge = Math.max(0, Math.floor((Number(exp) - now) / 1000));
    reply.header('cache-control', `private, max-age=${maxAge}`).type(file.contentType);
    if (download !== undefined) {
      reply.header('content-disposition', downloadDisposition(key, download));
    }
    if (opaque !== undefined && file.contentType === 'image/png') {
      const photo = await sharp(file.bytes).removeAlpha().jpeg({ quality: 92 }).toBuffer();
      return reply.type('image/jpeg').send(photo);
    }
    return reply.send(file.bytes);
  });
};

export const imagesModule: AppModule = {
  name: 'images',
  personalData: imagesPersonalData,
  publicRoutes,
  jobs: [
    // Hourly; the first a minute after start, so a node that restarts often still sweeps.
    { name: 'images.purge-expired', everyMs: 3_600_000, firstAfterMs: 60_000, run: purgeExpiredImages },
  ],
};
