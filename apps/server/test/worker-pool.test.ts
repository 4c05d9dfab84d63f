import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PoolBusyError, WorkerPool } from '../src/providers/matting/worker-pool.ts';

type Task = { sleep?: number; crash?: boolean; value?: number };

const pool = (size: number, maxQueue: number) =>
  new WorkerPool<Task, number>({ file: new URL('./fakes/test-worker.ts', import.meta.url), size, maxQueue });

describe('the worker pool', () => {
  it('runs tasks on all workers at once and queues the rest', async () => {
    const workers = pool(2, 4);
    try {
      const started = performance.now();
      const results = await Promise.all([1, 2, 3, 4].map((value) => workers.run({ sleep: 150, value })));
      assert.deepEqual(results, [2, 4, 6, 8]);
      const elapsed = performance.now() - started;
      // Two at a time: about two rounds of 150 ms, clearly less than four.
      assert.ok(elapsed >= 290 && elapsed < 590, `took ${elapsed} ms`);
      assert.deepEqual(workers.stats().busy, 0);
    } finally {
      await workers.close();
    }
  });

  it('refuses at once when the queue is full, with a wait based on recent task times', async () => {
    const workers = pool(1, 1);
    try {
      await workers.run({ sleep: 1200 });
      const running = workers.run({ sleep: 300 });
      const queued = workers.run({ sleep: 300 });
      await assert.rejects(workers.run({}), (error: unknown) => {
        assert.ok(error instanceof PoolBusyError);
        assert.equal(error.retryAfterSeconds, 2, 'about one recent task: 1.2 s, rounded up');
        return true;
      });
      assert.deepEqual(await Promise.all([running, queued]), [0, 0]);
    } finally {
      await workers.close();
    }
  });

  it('fails the task of a worker that dies, replaces the worker, and carries on', async () => {
    const workers = pool(1, 2);
    try {
      const crashed = workers.run({ crash: true });
      const next = workers.run({ value: 21 });
      await assert.rejects(crashed, /exited with code 3/);
      assert.equal(await next, 42);
    } finally {
      await workers.close();
    }
  });
});
