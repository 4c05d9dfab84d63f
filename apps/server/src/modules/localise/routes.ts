import {
  EnvelopeSchema,
  LocaliseBody,
  LocaliseConfirmBody,
  LocaliseEstimate,
  LocaliseJob,
  LocaliseJobDetail,
  LocalisePhoto,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { readForm } from '../../http/multipart.ts';
import { jobBackground } from '../../jobs/background.ts';
import { type JobRoutes, registerJobRoutes, resultsZipRoute } from '../../jobs/routes.ts';
import { RESULTS_ZIP } from './archive.ts';
import { localisePersonalData } from './personal-data.ts';
import * as service from './service.ts';
import { processTask } from './worker.ts';

/**
 * The job's own routes, as every job of items on the queue has them (see jobs/routes.ts): its
 * detail, the seller's actions on it, and its results ZIP behind a signed link.
 */
const JOB_ROUTES: JobRoutes<typeof LocaliseJobDetail, typeof LocaliseJobDetail> = {
  base: '/api/v1/localise',
  responses: { detail: LocaliseJobDetail, job: LocaliseJobDetail },
  jobDetail: service.jobDetail,
  notFound: service.JOB_NOT_FOUND,
  zip: RESULTS_ZIP,
  actions: {
    pause: [service.pauseJob, '已暂停'],
    resume: [service.resumeJob, '已继续'],
    cancel: [service.cancelJob, '已取消'],
  },
};

/** 一键出海. */
const userRoutes: Routes = async (app, { deps }) => {
  registerJobRoutes(app, deps, JOB_ROUTES);

  app.get(
    '/api/v1/localise/jobs',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(LocaliseJob)) } } },
    async (request) => ok(await service.listJobs(deps, request.user.userId)),
  );

  app.post(
    '/api/v1/localise/:id/tasks/:taskId/confirm',
    {
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1 }), taskId: Type.Integer({ minimum: 1 }) }),
        body: LocaliseConfirmBody,
        response: { 200: EnvelopeSchema(LocaliseJobDetail) },
      },
    },
    async (request) => {
      const { id, taskId } = request.params;
      return ok(await service.confirmRule(deps, request.user.userId, id, taskId, request.body), '已核对');
    },
  );

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
};

export const localiseModule: AppModule = {
  name: 'localise',
  personalData: localisePersonalData,
  publicRoutes: resultsZipRoute(RESULTS_ZIP),
  userRoutes,
  ...jobBackground({
    name: 'localise',
    items: 'localise tasks',
    queue: service.LOCALISE_QUEUE,
    handle: (deps, data) => processTask(deps, Number(data.taskId)),
    requeueAfterRestart: service.requeueAfterRestart,
    requeueStale: service.requeueStale,
    resumeAfterMidnight: service.resumeAfterMidnight,
    purgeExpired: service.purgeExpiredJobs,
  }),
};
