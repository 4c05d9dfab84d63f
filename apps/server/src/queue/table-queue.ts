import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import type { JobQueue } from './job-queue.ts';

type Handler = (data: Record<string, unknown>) => Promise<void>;

/** A message being handled longer than this is taken to belong to a dead node and handed out again. */
const LEASE_MS = 10 * 60_000;
const RETRY_DELAY_MS = 5_000;
const MAX_ATTEMPTS = 5;

/**
 * The queue on a table of the app's own database (`queue_jobs`): claims with a conditional update,
 * so two nodes on one PostgreSQL never take the same message (`FOR UPDATE SKIP LOCKED`), and SQLite's
 * single writer does the same. Used for SQLite; PostgreSQL deployments get pg-boss.
 */
export function tableQueue(
  db: Kysely<Database>,
  options: { pollMs?: number; now?: () => number } = {},
): JobQueue {
  const pollMs = options.pollMs ?? 500;
  const now = options.now ?? Date.now;
  const postgres = dialectOf(db) === 'postgres';
  const loops: { stop: () => Promise<void> }[] = [];
  const wakers = new Map<string, Set<() => void>>();

  async function claim(queue: string): Promise<{ id: number; data: Record<string, unknown> } | null> {
    return db.transaction().execute(async (trx) => {
      const at = now();
      let pick = trx
        .selectFrom('queue_jobs')
        .select(['id', 'data'])
        .where('queue', '=', queue)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)]),
            eb.and([eb('state', '=', 'active'), eb('locked_until', '<', at)]),
          ]),
        )
        .orderBy('id')
        .limit(1);
      if (postgres) pick = pick.forUpdate().skipLocked();
      const row = await pick.executeTakeFirst();
      if (!row) return null;
      const taken = await trx
        .updateTable('queue_jobs')
        .set({ state: 'active', locked_until: at + LEASE_MS, attempts: sql`attempts + 1` })
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return null;
      return { id: Number(row.id), data: JSON.parse(row.data) as Record<string, unknown> };
    });
  }

  async function finish(id: number, failed: boolean): Promise<void> {
    if (!failed) {
      await db.deleteFrom('queue_jobs').where('id', '=', id).execute();
      return;
    }
    const row = await db.selectFrom('queue_jobs').select('attempts').where('id', '=', id).executeTakeFirst();
    if (!row || Number(row.attempts) >= MAX_ATTEMPTS)
      await db.deleteFrom('queue_jobs').where('id', '=', id).execute();
    else
      await db
        .updateTable('queue_jobs')
        .set({ state: 'queued', run_after: now() + RETRY_DELAY_MS })
        .where('id', '=', id)
        .execute();
  }

  return {
    kind: 'table',
    async send(queue, data) {
      await db
        .insertInto('queue_jobs')
        .values({
          queue,
          data: JSON.stringify(data),
          state: 'queued',
          attempts: 0,
          run_after: now(),
          locked_until: 0,
          created_at: now(),
        })
        .execute();
      for (const wake of wakers.get(queue) ?? []) wake();
    },

    async work(queue, { concurrency }, handler: Handler) {
      for (let i = 0; i < concurrency; i += 1) {
        let stopped = false;
        let timer: NodeJS.Timeout | undefined;
        let wake: () => void = () => {};
        const set = wakers.get(queue) ?? new Set();
        wakers.set(queue, set);
        const running = (async () => {
          while (!stopped) {
            const job = await claim(queue).catch(() => null);
            if (job) {
              let failed = false;
              try {
                await handler(job.data);
              } catch {
                failed = true;
              }
              await finish(job.id, failed).catch(() => {});
              continue;
            }
            await new Promise<void>((resolve) => {
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
              set.add(wake);
              timer = setTimeout(wake, pollMs);
            });
            set.delete(wake);
          }
        })();
        loops.push({
          stop: async () => {
            stopped = true;
            wake();
            await running;
          },
        });
      }
    },

    async pending(queue, data) {
      // Every row is queued or being handled: a finished message is deleted (finish above).
      const row = await db
        .selectFrom('queue_jobs')
        .select('id')
        .where('queue', '=', queue)
        .where('data', '=', JSON.stringify(data))
        .executeTakeFirst();
      return row !== undefined;
    },

    async depth(queue) {
      const row = await db
        .selectFrom('queue_jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('queue', '=', queue)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async stop() {
      await Promise.all(loops.splice(0).map((loop) => loop.stop()));
    },
  };
}
