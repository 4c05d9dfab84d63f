import type { Generated } from 'kysely';

/** The table queue's messages (SQLite deployments; PostgreSQL ones use pg-boss's own schema). */
export interface QueueJobTable {
  id: Generated<number>;
  queue: string;
  /** JSON. */
  data: string;
  /** `queued` or `active`. */
  state: string;
  attempts: number;
  run_after: number;
  /** While `active`: after this the message is taken to belong to a dead node. */
  locked_until: number;
  created_at: number;
}

export interface QueueTables {
  queue_jobs: QueueJobTable;
}
