import type { MyDataExport } from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import type { AppDeps } from './deps.ts';

/** A module's routes: a Fastify plugin that is handed the app's one `deps`. */
export type Routes = FastifyPluginAsyncTypebox<{ deps: AppDeps }>;

/** Work a module needs done every so often on every node (each run must be safe to race). */
export interface PeriodicJob {
  /** `module.what`, as it appears in the logs and in `app.jobs.run(name)`. */
  name: string;
  everyMs: number;
  /** The first run after start; `everyMs` when not given. */
  firstAfterMs?: number;
  /** Does one round and says how many things it handled (logged when more than none). */
  run(deps: AppDeps): Promise<number>;
}

/**
 * What a module adds to the app. `publicRoutes` are open to anyone; `userRoutes` sit in the
 * signed-in scope, where every route has `request.user`; `staffRoutes` sit in the operator scope
 * (`/api/admin/*`, 客服 or admin, `request.staff`); `jobs` run on the jobs plugin's timers; `workers`
 * take messages from the job queue;
 * `onReady` runs once when the app has started.
 */
/** A queue a module takes work from (see queue/job-queue.ts); the node's BATCH_WORKERS sets how many at once. */
export interface ModuleWorker {
  queue: string;
  handle(deps: AppDeps, data: Record<string, unknown>): Promise<void>;
}

/** The account a privacy request is about. */
export interface DataSubject {
  id: number;
  phone: string;
  /** The session asking, so the export can mark this device. */
  sessionId: number;
}

/** A table that holds rows about a user, the columns that name them, and what 注销账号 does to them. */
export interface PersonalTable {
  table: keyof Database & string;
  columns: string[];
  /** `deleted` (or `anonymised`, the account row) at 注销, or kept with the reason written down. */
  onDelete: 'deleted' | 'anonymised' | { kept: string };
}

/**
 * How a module treats the personal data it keeps (PIPL): every table with a user in it is listed
 * here, with its part of 导出我的数据 and of 注销账号. A test walks the database and fails on a
 * table with a user column that no module lists, so a new module cannot forget.
 */
export interface PersonalData {
  tables: PersonalTable[];
  /** This module's part of the export. */
  exportFor?(deps: AppDeps, user: DataSubject): Promise<Partial<MyDataExport>>;
  /** Removes or anonymises its rows inside 注销's transaction; returns stored files to delete after it. */
  eraseIn?(trx: Kysely<Database>, user: DataSubject, now: number): Promise<string[] | undefined>;
}

/**
 * A module's part of 导出我的数据 when it is one list: the user's rows of its table, each written
 * as the seller reads it (`shape` gets `deps` for what needs it, such as a signed file link).
 */
export function exportRowsAs<Key extends ListKey, Row>(
  key: Key,
  rowsOf: (db: Kysely<Database>, userId: number) => Promise<Row[]>,
  shape: (row: Row, deps: AppDeps) => MyDataExport[Key][number],
): NonNullable<PersonalData['exportFor']> {
  return async (deps, user) => {
    const rows = await rowsOf(deps.db, user.id);
    return { [key]: rows.map((row) => shape(row, deps)) };
  };
}

/** The parts of the export that are lists of rows. */
type ListKey = {
  [K in keyof MyDataExport]: MyDataExport[K] extends unknown[] ? K : never;
}[keyof MyDataExport];

export interface AppModule {
  name: string;
  personalData?: PersonalData;
  publicRoutes?: Routes;
  userRoutes?: Routes;
  staffRoutes?: Routes;
  jobs?: PeriodicJob[];
  workers?: ModuleWorker[];
  onReady?: (deps: AppDeps) => Promise<void>;
}
