import type { ColumnType, Generated } from 'kysely';

/** 批量处理: one upload of many images, with the steps chosen for all of them. */
export interface BatchJobTable {
  id: Generated<number>;
  user_id: number;
  /** `running`, `paused`, `done` or `cancelled` (BatchJobStatus). */
  status: string;
  /** JSON: BatchSteps. */
  steps: string;
  total: number;
  /** JSON: files refused at upload, with the reason. */
  refused: string;
  created_at: number;
  ended_at: number | null;
  /** The job, its results and its row go at this time. */
  expires_at: number;
  /** The page's key for this start (unique per seller): a repeat of the start answers this job. */
  start_key: Generated<string | null>;
}

/** One image of a job: the unit of work, claimed by one worker at a time. */
export interface BatchItemTable {
  id: Generated<number>;
  job_id: number;
  user_id: number;
  /** The uploaded name, folders flattened into it (`shoes__red.jpg`). */
  name: string;
  /** The uploaded original in the file store, until the image is finished. */
  original_key: string | null;
  /** Bytes of the original while it is kept (counted against the account's BATCH_HELD limit). */
  original_bytes: ColumnType<number, number | undefined, number>;
  /** BatchItemStatus. */
  status: string;
  reason: string;
  /** JSON: [{ marketplace, pass, rules }] per main image. */
  checks: string;
  /**
   * JSON: [{ kind, marketplace?, key }] per output file, and one `thumbnail` (a small WebP for the
   * job's table, not put in the ZIP); deleting an item's files deletes all of them.
   */
  results: string;
  /** When a worker took it; a `processing` image older than the lease is handed out again. */
  claimed_at: number | null;
  updated_at: number;
}

export interface BatchTables {
  batch_jobs: BatchJobTable;
  batch_items: BatchItemTable;
}
