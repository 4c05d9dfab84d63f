import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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

export interface AppModule {
  name: string;
  publicRoutes?: Routes;
  userRoutes?: Routes;
  staffRoutes?: Routes;
  jobs?: PeriodicJob[];
  workers?: ModuleWorker[];
  onReady?: (deps: AppDeps) => Promise<void>;
}
