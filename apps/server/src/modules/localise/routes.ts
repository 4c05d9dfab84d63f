import { Readable } from 'node:stream';
import {
  EnvelopeSchema,
  LocaliseBody,
  LocaliseEstimate,
  LocaliseIdParams,
  LocaliseJobDetail,
  LocalisePhoto,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { readForm } from '../../http/multipart.ts';
import { checkFileLink, signedLink } from '../../lib/file-links.ts';
import { resultsZip } from './archive.ts';
import { localisePersonalData } from './personal-data.ts';
import * as localise from './repository.ts';
import * as service from './service.ts';
import { processTask } from './worker.ts';

/** Links to a job's ZIP are signed like file links, for the job, and last an hour. */
const zipKey = (jobId: number) => `localise-results/${jobId}`;
const ZIP_LINK_TTL_MS = 3_600_000;

const text = (
  reply: { status(code: number): { type(t: string): { send(body: string): unknown } } },
  code: number,
  body: string,
) => reply.status(code).type('text/plain; charset=utf-8').send(body);

/** `GET /localise-results/<id>.zip?exp=&sig=`: the results ZIP for whoever holds the signed link. */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/localise-results/:file',
    { schema: { params: Type.Object({ file: Type.String({ pattern: '^\\d{1,15}\\.zip$' }) }) } },
    async (request, reply) => {
      const jobId = Number.parseInt(request.params.file, 10);
      const { exp = '', sig = '' } = request.query as { exp?: string; sig?: string };
      const check = checkFileLink(zipKey(jobId), exp, sig, deps.fileUrlSecret, deps.clock.now());
      if (check !== 'ok')
        return text(reply, 403, check === 'expired' ? '链接已过期，请回到任务页重新下载' : '无权访问');
      if (!(await localise.jobById(deps.db, jobId))) return text(reply, 404, '任务已过期');
      const zip = Readable.from(resultsZip(deps, jobId), { objectMode: false });
      zip.once('error', (err) => request.log.error({ err, jobId }, 'localise zip failed'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="localise-${jobId}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
};

/** 一键出海. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/localise/photos',
    { schema: { response: { 200: EnvelopeSchema(LocalisePhoto) } } },
    async (request) => {
      const { files } = await readForm(request, Type.Object({}), { oneFileOnly: '一次上传一张照片' });
      return ok(await service.uploadPhoto(deps, request.user.userId, files[0]?.bytes ?? null), '已上传');
    },
  );

  app.post(
    '/api/v1/localise/estimate',
    { schema: { body: LocaliseBody, response: { 200: EnvelopeSchema(LocaliseEstimate) } } },
    async (request) => ok(await service.estimate(deps, request.user.userId, request.body)),
  );

  app.post(
    '/api/v1/localise',
    { schema: { body: LocaliseBody, response: { 200: EnvelopeSchema(LocaliseJobDetail) } } },
    async (request) => {
      const userId = request.user.userId;
      const jobId = await service.startJob(deps, userId, request.body);
      return ok(await service.jobDetail(deps, userId, jobId), '已开始');
    },
  );

  app.get(
    '/api/v1/localise/:id',
    { schema: { params: LocaliseIdParams, response: { 200: EnvelopeSchema(LocaliseJobDetail) } } },
    async (request) => ok(await service.jobDetail(deps, request.user.userId, request.params.id)),
  );

  for (const [action, run, done] of [
    ['pause', service.pauseJob, '已暂停'],
    ['resume', service.resumeJob, '已继续'],
    ['cancel', service.cancelJob, '已取消'],
  ] as const)
    app.post(
      `/api/v1/localise/:id/${action}`,
      { schema: { params: LocaliseIdParams, response: { 200: EnvelopeSchema(LocaliseJobDetail) } } },
      async (request) => ok(await run(deps, request.user.userId, request.params.id), done),
    );

  app.get(
    '/api/v1/localise/:id/download',
    {
      schema: {
        params: LocaliseIdParams,
        response: { 200: EnvelopeSchema(Type.Object({ url: Type.String() })) },
      },
    },
    async (request) => {
      const { job } = await service.jobDetail(deps, request.user.userId, request.params.id);
      if (!job.counts.done) return ok({ url: '' }, '还没有完成的站点');
      const path = `/localise-results/${job.id}.zip`;
      return ok({
        url: signedLink(path, zipKey(job.id), deps.fileUrlSecret, deps.clock.now(), ZIP_LINK_TTL_MS),
      });
    },
  );
};

export const localiseModule: AppModule = {
  name: 'localise',
  personalData: localisePersonalData,
  publicRoutes,
  userRoutes,
  workers: [
    { queue: service.LOCALISE_QUEUE, handle: (deps, data) => processTask(deps, Number(data.taskId)) },
  ],
  onReady: async (deps) => {
    const requeued = await service.requeueAfterRestart(deps);
    if (requeued > 0)
      deps.log.info({ requeued }, 'localise tasks left processing before a restart are queued again');
  },
  jobs: [
    { name: 'localise.requeue-stale', everyMs: 60_000, run: service.requeueStale },
    {
      name: 'localise.purge-expired',
      everyMs: 3_600_000,
      firstAfterMs: 60_000,
      run: service.purgeExpiredJobs,
    },
  ],
};
