import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { pgBossQueue } from './pg-boss-queue.ts';
import { tableQueue } from './table-queue.ts';

/**
 * The queue the configuration calls for, started on first use: pg-boss on PostgreSQL, the table
 * queue on SQLite. A node that never sends or works (most tests) never starts pg-boss.
 */
export function createJobQueue(
  databaseUrl: string | undefined,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): JobQueue {
  let started: Promise<JobQueue> | null = null;
  const queue = () => {
    started ??= databaseUrl ? pgBossQueue(databaseUrl, log) : Promise.resolve(tableQueue(db));
    return started;
  };
  return {
    kind: databaseUrl ? 'pg-boss' : 'table',
    send: async (name, data) => (await queue()).send(name, data),
    work: async (name, options, handler) => (await queue()).work(name, options, handler),
    pending: async (name, data) => (await queue()).pending(name, data),
    depth: async (name) => (await queue()).depth(name),
    stop: async () => {
      if (started) await (await started).stop();
    },
  };
}
