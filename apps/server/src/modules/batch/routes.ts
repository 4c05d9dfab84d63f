import { Readable } from 'node:stream';
import { BatchIdParams, BatchJob, BatchJobDetail, EnvelopeSchema } from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { checkFileLink, signedLink } from '../../lib/file-links.ts';
import { resultsZip } from './archive.ts';
import { batchUploadParts } from './intake.ts';
import { batchPersonalData } from './personal-data.ts';
import * as batches from './repository.ts';
import * as service from './service.ts';
import { processImage } from './worker.ts';

/** Links to a job's ZIP are signed like file links, for the job, and last an hour. */
const zipKey = (jobId: number) => `batch-results/${jobId}`;
const ZIP_LINK_TTL_MS = 3_600_000;

/** `GET /batch-results/<id>.zip?exp=&sig=`: the results ZIP for whoever holds the signed link. */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/batch-results/:file',
    { schema: { params: Type.Object({ file: Type.String({ pattern: '^\\d{1,15}\\.zip$' }) }) } },
    async (request, reply) => {
      const jobId = Number.parseInt(request.params.file, 10);
      const { exp = '', sig = '' } = request.query as { exp?: string; sig?: string };
      const check = checkFileLink(zipKey(jobId), exp, sig, deps.fileUrlSecret, deps.clock.now());
      if (check !== 'ok')
        return reply
          .status(403)
          .type('text/plain; charset=utf-8')
          .send(check === 'expired' ? '链接已过期，请回到任务页重新下载' : '无权访问');
      if (!(await batches.jobById(deps.db, jobId)))
        return reply.status(404).type('text/plain; charset=utf-8').send('任务已过期');
      if ((downloading.get(jobId) ?? 0) >= ZIPS_PER_JOB)
        return reply
          .status(429)
          .header('retry-after', '30')
          .type('text/plain; charset=utf-8')
          .send('这个任务的压缩包正在下载，请等下载完成后再试');
      downloading.set(jobId, (downloading.get(jobId) ?? 0) + 1);
      const zip = Readable.from(resultsZip(deps, jobId), { objectMode: false });
      // Finished, failed or the reader gone: the turn is given back once.
      let counted = true;
      const giveBack = () => {
        if (!counted) return;
        counted = false;
        const left = (downloading.get(jobId) ?? 1) - 1;
        if (left > 0) downloading.set(jobId, left);
        else downloading.delete(jobId);
      };
      zip.once('close', giveBack);
      zip.once('error', (err) => request.log.error({ err, jobId }, 'batch zip failed'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="batch-${jobId}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
};

/**
 * ZIPs of one job being written on this node: a link handed round (or a script) cannot have the
 * same gigabytes read from the file store many times at once.
 */
const ZIPS_PER_JOB = 2;
const downloading = new Map<number, number>();

/** 批量处理. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/batch/jobs',
    { schema: { response: { 200: EnvelopeSchema(BatchJob) } } },
    async (request) =>
      ok(await service.createJob(deps, request.user.userId, batchUploadParts(request)), '已开始处理'),
  );

  app.get(
    '/api/v1/batch/jobs',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(BatchJob)) } } },
    async (request) => ok(await service.listJobs(deps, request.user.userId)),
  );

  app.get(
    '/api/v1/batch/jobs/:id',
    { schema: { params: BatchIdParams, response: { 200: EnvelopeSchema(BatchJobDetail) } } },
    async (request) => ok(await service.jobDetail(deps, request.user.userId, request.params.id)),
  );

  app.post(
    '/api/v1/batch/jobs/:id/cancel',
    { schema: { params: BatchIdParams, response: { 200: EnvelopeSchema(BatchJob) } } },
    async (request) => ok(await service.cancelJob(deps, request.user.userId, request.params.id), '已取消'),
  );

  app.post(
    '/api/v1/batch/jobs/:id/resume',
    { schema: { params: BatchIdParams, response: { 200: EnvelopeSchema(BatchJob) } } },
    async (request) =>
      ok(await service.resumeJob(deps, request.user.userId, request.params.id), '已继续处理'),
  );

  app.get(
    '/api/v1/batch/jobs/:id/download',
    {
      schema: {
        params: BatchIdParams,
        response: { 200: EnvelopeSchema(Type.Object({ url: Type.String() })) },
      },
    },
    async (request) => {
      const { job } = await service.jobDetail(deps, request.user.userId, request.params.id);
      if (job.counts.done === 0) return ok({ url: '' }, '还没有处理完成的图片');
      const path = `/batch-results/${job.id}.zip`;
      return ok({
        url: signedLink(path, zipKey(job.id), deps.fileUrlSecret, deps.clock.now(), ZIP_LINK_TTL_MS),
      });
    },
  );
};

export const batchModule: AppModule = {
  name: 'batch',
  personalData: batchPersonalData,
  publicRoutes,
  userRoutes,
  workers: [
    {
      queue: service.BATCH_QUEUE,
      handle: (deps, data) => processImage(deps, Number(data.itemId)),
    },
  ],
  onReady: async (deps) => {
    const requeued = await service.requeueAfterRestart(deps);
    if (requeued > 0)
      deps.log.info({ requeued }, 'batch images left processing before a restart are queued again');
  },
  jobs: [
    { name: 'batch.requeue-stale', everyMs: 60_000, run: service.requeueStale },
    { name: 'batch.resume-after-midnight', everyMs: 10 * 60_000, run: service.resumeAfterMidnight },
    { name: 'batch.purge-expired', everyMs: 3_600_000, firstAfterMs: 60_000, run: service.purgeExpiredJobs },
  ],
};
