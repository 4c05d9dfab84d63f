import type { AppModule } from '../app-module.ts';
import type { AppDeps } from '../deps.ts';

/** What a module of jobs of items runs besides its routes, and what it names them by. */
export interface JobBackground {
  /** `batch`, `localise`: the periodic jobs are `<name>.requeue-stale` and so on. */
  name: string;
  /** What the log says went back on the queue at start: 「batch images」. */
  items: string;
  queue: string;
  /** One item from its queue message (runItem with the module's kind). */
  handle(deps: AppDeps, data: Record<string, unknown>): Promise<void>;
  requeueAfterRestart(deps: AppDeps): Promise<number>;
  requeueStale(deps: AppDeps): Promise<number>;
  resumeAfterMidnight(deps: AppDeps): Promise<number>;
  purgeExpired(deps: AppDeps): Promise<number>;
}

/**
 * The worker, the sweep at start and the periodic jobs every module of jobs of items has, at the
 * same rhythm: stale items every minute, the midnight resume every ten, expired jobs every hour.
 */
export function jobBackground(parts: JobBackground): Pick<AppModule, 'workers' | 'onReady' | 'jobs'> {
  return {
    workers: [{ queue: parts.queue, handle: parts.handle }],
    onReady: async (deps) => {
      const requeued = await parts.requeueAfterRestart(deps);
      if (requeued > 0)
        deps.log.info({ requeued }, `${parts.items} left processing before a restart are queued again`);
    },
    jobs: [
      { name: `${parts.name}.requeue-stale`, everyMs: 60_000, run: parts.requeueStale },
      { name: `${parts.name}.resume-after-midnight`, everyMs: 10 * 60_000, run: parts.resumeAfterMidnight },
      {
        name: `${parts.name}.purge-expired`,
        everyMs: 3_600_000,
        firstAfterMs: 60_000,
        run: parts.purgeExpired,
      },
    ],
  };
}
