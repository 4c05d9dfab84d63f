import { Readable } from 'node:stream';
import { EnvelopeSchema, JobIdParams, ResultCode } from '@chuhai/contract';
import { type Static, type TSchema, Type } from 'typebox';
import type { Routes } from '../app-module.ts';
import type { AppDeps } from '../deps.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../lib/app-error.ts';
import { checkFileLink, signedLink } from '../lib/file-links.ts';
import { doneItemsOf, jobExists } from './items.ts';
import type { JobTables } from './roll-up.ts';

/** The routes of a job of items on the queue (批量处理, 一键出海), written once for every such module. */

type App = Parameters<Routes>[0];

/** Links to a job's ZIP are signed like file links, for the job, and last an hour. */
const ZIP_LINK_TTL_MS = 3_600_000;

/**
 * ZIPs of one job being written on this node: a link handed round (or a script) cannot have the
 * same gigabytes read from the file store many times at once.
 */
const ZIPS_PER_JOB = 2;

/** A job's results as one ZIP, behind a signed link: `/<name>-results/<id>.zip?exp=&sig=`. */
export interface JobResultsZip {
  /** `batch`, `localise`: names the link's path, what it is signed for, and the file. */
  name: string;
  /** The job's tables: a job no longer there (purged, erased) answers 404. */
  tables: JobTables;
  /** The ZIP, made as it is read. */
  write(deps: AppDeps, jobId: number): AsyncIterable<Uint8Array>;
  /** What the download link says while nothing of the job is delivered yet. */
  nothingYet: string;
}

const zipKey = (zip: JobResultsZip, jobId: number) => `${zip.name}-results/${jobId}`;

/** The public route that serves a job's results ZIP to whoever holds a link from registerJobRoutes. */
export function resultsZipRoute(zip: JobResultsZip): Routes {
  const downloading = new Map<number, number>();
  return async (app, { deps }) => {
    app.get(
      `/${zip.name}-results/:file`,
      { schema: { params: Type.Object({ file: Type.String({ pattern: '^\\d{1,15}\\.zip$' }) }) } },
      async (request, reply) => {
        const text = (code: number, body: string) =>
          reply.status(code).type('text/plain; charset=utf-8').send(body);
        const jobId = Number.parseInt(request.params.file, 10);
        const { exp = '', sig = '' } = request.query as { exp?: string; sig?: string };
        const check = checkFileLink(zipKey(zip, jobId), exp, sig, deps.fileUrlSecret, deps.clock.now());
        if (check !== 'ok')
          return text(403, check === 'expired' ? '链接已过期，请回到任务页重新下载' : '无权访问');
        if (!(await jobExists(deps.db, zip.tables.jobs, jobId))) return text(404, '任务已过期');
        if ((downloading.get(jobId) ?? 0) >= ZIPS_PER_JOB) {
          reply.header('retry-after', '30');
          return text(429, '这个任务的压缩包正在下载，请等下载完成后再试');
        }
        downloading.set(jobId, (downloading.get(jobId) ?? 0) + 1);
        const stream = Readable.from(zip.write(deps, jobId), { objectMode: false });
        // Finished, failed or the reader gone: the turn is given back once.
        let counted = true;
        const giveBack = () => {
          if (!counted) return;
          counted = false;
          const left = (downloading.get(jobId) ?? 1) - 1;
          if (left > 0) downloading.set(jobId, left);
          else downloading.delete(jobId);
        };
        stream.once('close', giveBack);
        stream.once('error', (err) => request.log.error({ err, jobId }, `${zip.name} zip failed`));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${zip.name}-${jobId}.zip"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
}

/** What the seller can do to a job (`POST <base>/:id/<action>`): a service function and what it says when done. */
type JobAction<Job extends TSchema> = [
  run: (deps: AppDeps, userId: number, jobId: number) => Promise<Static<Job>>,
  done: string,
];

/** The routes of a seller's job, and what a module gives them. */
export interface JobRoutes<Detail extends TSchema, Job extends TSchema> {
  /** `/api/v1/batch/jobs`: the job is `<base>/:id`. */
  base: string;
  /** How `GET <base>/:id` answers (the job with its items), and how an action does. */
  responses: { detail: Detail; job: Job };
  /** The seller's own job with its items (a 404 for anyone else's). */
  jobDetail(deps: AppDeps, userId: number, jobId: number): Promise<Static<Detail>>;
  /** What a job that is not the seller's, or no longer kept, answers (a 404). */
  notFound: string;
  actions: Partial<Record<'pause' | 'resume' | 'cancel', JobAction<Job>>>;
  /** The job's results ZIP (its public route is resultsZipRoute). */
  zip: JobResultsZip;
}

/**
 * `GET <base>/:id` (the job and its items), `POST <base>/:id/pause|resume|cancel` (the job as an
 * action answers), and `GET <base>/:id/download`: a signed link to the seller's own job's results
 * ZIP (served by resultsZipRoute), or an empty one while nothing is delivered.
 */
export function registerJobRoutes<Detail extends TSchema, Job extends TSchema>(
  app: App,
  deps: AppDeps,
  routes: JobRoutes<Detail, Job>,
): void {
  // Widened to any schema: the service functions are typed against them, the schemas serialise what they return.
  const detailSchema: TSchema = routes.responses.detail;
  const jobSchema: TSchema = routes.responses.job;
  app.get(
    `${routes.base}/:id`,
    { schema: { params: JobIdParams, response: { 200: EnvelopeSchema(detailSchema) } } },
    async (request) => ok(await routes.jobDetail(deps, request.user.userId, request.params.id)),
  );
  for (const [action, [run, done]] of Object.entries(routes.actions))
    app.post(
      `${routes.base}/:id/${action}`,
      { schema: { params: JobIdParams, response: { 200: EnvelopeSchema(jobSchema) } } },
      async (request) => ok(await run(deps, request.user.userId, request.params.id), done),
    );
  app.get(
    `${routes.base}/:id/download`,
    {
      schema: {
        params: JobIdParams,
        response: { 200: EnvelopeSchema(Type.Object({ url: Type.String() })) },
      },
    },
    async (request) => {
      const jobId = request.params.id;
      // One count, not the job's detail with a signed link per item.
      const done = await doneItemsOf(
        deps.db,
        routes.zip.tables,
        request.user.userId,
        jobId,
        deps.clock.now(),
      );
      if (done === null) throw new AppError(ResultCode.notFound, routes.notFound);
      if (done === 0) return ok({ url: '' }, routes.zip.nothingYet);
      const path = `/${routes.zip.name}-results/${jobId}.zip`;
      const key = zipKey(routes.zip, jobId);
      return ok({ url: signedLink(path, key, deps.fileUrlSecret, deps.clock.now(), ZIP_LINK_TTL_MS) });
    },
  );
}
