import type { Generated } from 'kysely';

/** 一键出海: one product, or a catalogue's products, going to the sites the seller picked. */
export interface LocaliseJobTable {
  id: Generated<number>;
  user_id: number;
  /** LocaliseJobStatus: running, paused, done, cancelled. */
  status: string;
  /** JSON: LocaliseProduct[] (each the listing form's facts, the main photo's and detail pictures' ids). */
  products: string;
  /** JSON: the LOCALISE_SITES ids, in the order picked. */
  sites: string;
  created_at: number;
  ended_at: number | null;
  /** The job, its results and its files go at this time. */
  expires_at: number;
  /** The page's key for this start: a repeat of it answers this job (null: started without one). */
  start_key: Generated<string | null>;
}

/** One product × site: the unit of work, claimed by one worker at a time, charged once when delivered. */
export interface LocaliseTaskTable {
  id: Generated<number>;
  job_id: number;
  user_id: number;
  /** Which of the job's products: an index into `localise_jobs.products`. */
  product_index: number;
  /** A LOCALISE_SITES id. */
  site: string;
  /** LocaliseTaskStatus. */
  status: string;
  /** LocaliseStage while processing, else null. */
  stage: string | null;
  reason: string;
  /** JSON: TaskResult (listing, rules, 术语表 misses, 可以上架, charged uses, files); `{}` until done. */
  result: string;
  /** When a worker took it; a `processing` task older than the lease is handed out again. */
  claimed_at: number | null;
  updated_at: number;
}

/**
 * A main image or translated picture made once for every site of the job that gets the same result
 * (shared-results.ts): claimed by one task's run while it is made, then read by the others.
 */
export interface LocaliseSharedResultTable {
  id: Generated<number>;
  job_id: number;
  /** SHA-256 (hex) of everything the result depends on (shared-steps.ts says what). */
  key: string;
  /** `main` or `picture`. */
  kind: string;
  /** `making` while a task's run has it (or nobody: it failed or died), then `made`. */
  status: string;
  /** The run making it: the task and its `claimed_at`; null while nobody is. */
  task_id: number | null;
  task_claimed_at: number | null;
  /** JSON: every file key any run wrote for it, made or not, so they go with the job. */
  files: string;
  /** JSON once made: what the steps read back (the report, the blocks) and which file is which. */
  result: string;
  updated_at: number;
}

export interface LocaliseTables {
  localise_jobs: LocaliseJobTable;
  localise_tasks: LocaliseTaskTable;
  localise_shared_results: LocaliseSharedResultTable;
}
