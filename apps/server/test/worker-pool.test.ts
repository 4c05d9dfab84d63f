import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PoolBusyError, WorkerPool } from '../src/providers/matting/worker-pool.ts';

type Task = { sleep?: number; crash?: boolean; value?: number; gauge?: Int32Array; meet?: number };

const pool = (size: number, maxQueue: number) =>
  new WorkerPool<Task, number>({ file: new URL('./fakes/test-worker.ts', import.meta.url), size, maxQueue });

describe('the worker pool', () => {
  it('runs tasks on all workers at once and queues the rest', async () => {
    const workers = pool(2, 4);
    try {
      // [running now, most running at once, started]: shared with the workers, which update it.
      const gauge = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
      // Each task waits for a second one to start: two only both start if two workers run at once.
      const tasks = [1, 2, 3, 4].map((value) => workers.run({ sleep: 50, value, gauge, meet: 2 }));
      assert.deepEqual(await Promise.all(tasks), [2, 4, 6, 8]);
      assert.equal(gauge[1], 2, 'two tasks ran at once, never more than the two workers');
      assert.equal(gauge[2], 4);
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
        // About one recent task: 1.2 s rounded up, more when a busy machine started the worker slowly.
        assert.equal(error.retryAfterSeconds, Math.ceil(workers.stats().averageTaskMs / 1000));
        assert.ok(error.retryAfterSeconds >= 2, `${error.retryAfterSeconds} s`);
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
