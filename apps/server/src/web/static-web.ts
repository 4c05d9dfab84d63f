import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ResultCode } from '@chuhai/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteConfig } from '../config.ts';
import { fail } from '../http/envelope.ts';
import { injectSiteConfig } from './index-html.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Reads the build stamp the web build writes beside index.html; `dev` when there is no build. */
export function readBuildTime(webDistDir: string): string {
  try {
    const info = JSON.parse(readFileSync(path.join(webDistDir, 'build.json'), 'utf8')) as {
      buildTime?: unknown;
    };
    return typeof info.buildTime === 'string' ? info.buildTime : 'dev';
  } catch {
    return 'dev';
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html revalidated on every
 * load so a deploy reaches users at once. Paths typed without the hash (`/login`) are redirected to
 * the hash route (`/#/login`); unknown API paths get the 404 envelope.
 */
export const staticWebPlugin = fp<{ webDistDir: string; site: SiteConfig }>(
  async (app, { webDistDir, site }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const hasBuild = existsSync(indexFile);

    if (hasBuild) {
      const indexHtml = injectSiteConfig(readFileSync(indexFile, 'utf8'), site);
      const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml);

      await app.register(fastifyStatic, {
        root: webDistDir,
        index: false,
        cacheControl: false,
        // The web build writes .br and .gz beside each asset: compressed once, not per request.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const hashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
          res.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        },
      });
      app.get('/', sendIndex);
      app.get('/index.html', sendIndex);
    } else {
      app.log.warn(`未找到前端构建产物 ${indexFile}：只提供 API。运行 npm run build 或 npm start 生成。`);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const isApi = pathname.startsWith('/api/');
      if (!isApi && hasBuild && wantsHtml(request) && !path.extname(pathname)) {
        const query = request.url.slice(pathname.length);
        return reply.redirect(`/#${pathname}${query}`, 302);
      }
      const msg = isApi ? `接口不存在：${request.method} ${pathname}` : '页面不存在';
      return reply.status(404).send(fail(ResultCode.notFound, msg));
    });
  },
  { name: 'static-web' },
);
