import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { JobQueue } from './job-queue.ts';

/**
 * The queue on PostgreSQL through pg-boss (its own schema `pgboss` in the app's database): any
 * number of app and worker nodes pull from it, LISTEN/NOTIFY wakes them at once, and a message
 * whose handler threw is retried. A node that dies mid-message is covered by the modules' own leases
 * (the batch module hands a stale image out again), so pg-boss's slower heartbeat is not relied on.
 */
/** pg-boss's states of a message not yet done with: queued, waiting for a retry, being handled. */
const UNFINISHED = new Set(['created', 'retry', 'active']);

export async function pgBossQueue(connectionString: string, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  const created = new Set<string>();
  const ensure = async (queue: string) => {
    if (created.has(queue)) return;
    if (!(await boss.getQueue(queue)))
      await boss.createQueue(queue, { retryLimit: 4, retryDelay: 5, notify: true }).catch(async (error) => {
        // Another node created it first.
        if (!(await boss.getQueue(queue))) throw error;
      });
    created.add(queue);
  };

  return {
    kind: 'pg-boss',
    async send(queue, data) {
      await ensure(queue);
      await boss.send(queue, data);
    },
    async work(queue, { concurrency }, handler) {
      await ensure(queue);
      await boss.work<Record<string, unknown>>(
        queue,
        { localConcurrency: concurrency, pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
    },
    async pending(queue, data) {
      await ensure(queue);
      // Matched by containment, so `{ taskId: 1 }` also finds `{ taskId: 1, … }`: ours carry one id.
      const jobs = await boss.findJobs(queue, { data, limit: 100 });
      return jobs.some((job) => UNFINISHED.has(job.state));
    },
    async depth(queue) {
      await ensure(queue);
      const stats = await boss.getQueue(queue);
      return (stats?.queuedCount ?? 0) + (stats?.activeCount ?? 0);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
