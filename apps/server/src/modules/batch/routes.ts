import { BatchJob, BatchJobDetail, BatchStartQuery, EnvelopeSchema } from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { jobBackground } from '../../jobs/background.ts';
import { type JobRoutes, registerJobRoutes, resultsZipRoute } from '../../jobs/routes.ts';
import { RESULTS_ZIP } from './archive.ts';
import { batchUploadParts } from './intake.ts';
import { batchPersonalData } from './personal-data.ts';
import * as service from './service.ts';
import { processImage } from './worker.ts';

/**
 * The job's own routes, as every job of items on the queue has them (see jobs/routes.ts): its
 * detail, the seller's actions on it, and its results ZIP behind a signed link.
 */
const JOB_ROUTES: JobRoutes<typeof BatchJobDetail, typeof BatchJob> = {
  base: '/api/v1/batch/jobs',
  responses: { detail: BatchJobDetail, job: BatchJob },
  jobDetail: service.jobDetail,
  notFound: service.JOB_NOT_FOUND,
  zip: RESULTS_ZIP,
  actions: { cancel: [service.cancelJob, '已取消'], resume: [service.resumeJob, '已继续处理'] },
};

/** 批量处理. */
const userRoutes: Routes = async (app, { deps }) => {
  registerJobRoutes(app, deps, JOB_ROUTES);

  app.post(
    '/api/v1/batch/jobs',
    { schema: { querystring: BatchStartQuery, response: { 200: EnvelopeSchema(BatchJob) } } },
    async (request) =>
      ok(
        await service.createJob(
          deps,
          request.user.userId,
          batchUploadParts(request),
          request.query.startKey ?? null,
        ),
        '已开始处理',
      ),
  );

  app.get(
    '/api/v1/batch/jobs',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(BatchJob)) } } },
    async (request) => ok(await service.listJobs(deps, request.user.userId)),
  );
};

export const batchModule: AppModule = {
  name: 'batch',
  personalData: batchPersonalData,
  publicRoutes: resultsZipRoute(RESULTS_ZIP),
  userRoutes,
  ...jobBackground({
    name: 'batch',
    items: 'batch images',
    queue: service.BATCH_QUEUE,
    handle: (deps, data) => processImage(deps, Number(data.itemId)),
    requeueAfterRestart: service.requeueAfterRestart,
    requeueStale: service.requeueStale,
    resumeAfterMidnight: service.resumeAfterMidnight,
    purgeExpired: service.purgeExpiredJobs,
  }),
};
