import { EnvelopeSchema, HealthData, ReadyData, ResultCode } from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { fail, ok } from '../../http/envelope.ts';
import { QUEUES } from '../../queue/job-queue.ts';
import { VERSION } from '../../version.ts';

const startedAt = Date.now();
/** A readiness check that takes longer than this counts as failed: the node is not ready. */
const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/users`: liveness (spec section 7's "test call"): version and database reachability.
 * `GET /api/ready`: readiness: the database, the file store and the job queue all answer.
 */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/users',
    { schema: { response: { 200: EnvelopeSchema(HealthData), 503: EnvelopeSchema(HealthData) } } },
    async (_request, reply) => {
      const reachable = await app.database.ping();
      const data: HealthData = {
        status: reachable ? 'ok' : 'degraded',
        version: VERSION,
        buildTime: app.buildTime,
        database: { dialect: app.database.dialect, reachable },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      if (reachable) return ok(data);
      return reply.status(503).send(fail(ResultCode.providerUnavailable, '数据库暂时无法连接', data));
    },
  );

  app.get(
    '/api/ready',
    { schema: { response: { 200: EnvelopeSchema(ReadyData), 503: EnvelopeSchema(ReadyData) } } },
    async (_request, reply) => {
      const [database, storage, queue] = await Promise.all([
        passes(async () => {
          if (!(await app.database.ping())) throw new Error('database unreachable');
        }),
        // A key nobody writes: a miss is an answer; only an error (unreachable, refused) fails.
        passes(() => deps.files.get('health/ready-probe.png')),
        passes(() => deps.queue.depth(QUEUES.batchImage)),
      ]);
      const data: ReadyData = {
        ready: database && storage && queue,
        // Anyone may ask, so the machine's host name stays out unless NODE_NAME chose what to show.
        ...(deps.config.announceNode ? { node: deps.config.nodeName } : {}),
        checks: { database, storage, queue },
      };
      if (data.ready) return ok(data);
      return reply.status(503).send(fail(ResultCode.providerUnavailable, '服务暂未就绪', data));
    },
  );
};

export const healthModule: AppModule = { name: 'health', publicRoutes };
