import fp from 'fastify-plugin';
import type { PeriodicJob } from './app-module.ts';
import type { AppDeps } from './deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** The names of every periodic job, in the order they were registered. */
      names(): string[];
      /** Runs one job now (tests: after moving the test clock) and resolves with what it handled. */
      run(name: string): Promise<number>;
    };
  }
}

/**
 * Owns every periodic sweep: one place that shows what runs in the background, one way of logging
 * it, timers that start when the app is ready and stop when it closes, and no run that overlaps the
 * previous one of the same job on this node.
 */
export const jobsPlugin = fp<{ jobs: PeriodicJob[]; deps: AppDeps }>(
  async (app, { jobs, deps }) => {
    const byName = new Map(jobs.map((job) => [job.name, job]));
    const running = new Map<string, Promise<number>>();
    const handles: NodeJS.Timeout[] = [];

    const run = (job: PeriodicJob): Promise<number> => {
      const current = running.get(job.name);
      if (current) return current;
      const started = Date.now();
      const round = job
        .run(deps)
        .then((handled) => {
          if (handled > 0) app.log.info({ job: job.name, handled, ms: Date.now() - started }, 'job done');
          return handled;
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, round);
      return round;
    };
    const tick = (job: PeriodicJob) => {
      run(job).catch((err) => app.log.error({ err, job: job.name }, 'job failed'));
    };

    app.decorate('jobs', {
      names: () => [...byName.keys()],
      run: (name: string) => {
        const job = byName.get(name);
        if (!job) throw new Error(`no job named ${name}`);
        return run(job);
      },
    });

    app.addHook('onReady', async () => {
      for (const job of jobs) {
        const first = setTimeout(() => {
          tick(job);
          const every = setInterval(() => tick(job), job.everyMs);
          every.unref();
          handles.push(every);
        }, job.firstAfterMs ?? job.everyMs);
        first.unref();
        handles.push(first);
      }
    });
    app.addHook('onClose', async () => {
      for (const handle of handles) clearTimeout(handle);
      await Promise.allSettled(running.values());
    });
  },
  { name: 'jobs' },
);
