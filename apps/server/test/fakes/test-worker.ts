import { parentPort } from 'node:worker_threads';

/**
 * A worker for the pool tests: `{ sleep }` answers after that many ms, `{ crash }` kills the thread.
 * `{ gauge, meet }` counts the tasks running at once in a shared array ([running, most at once]) and
 * holds each task until `meet` tasks have started, so concurrency shows without timing anything.
 */
type Task = { sleep?: number; crash?: boolean; value?: number; gauge?: Int32Array; meet?: number };

const RUNNING = 0;
const MOST = 1;
const STARTED = 2;

parentPort?.on('message', (task: Task) => {
  if (task.crash) process.exit(3);
  if (task.gauge) enter(task.gauge, task.meet ?? 1);
  setTimeout(() => {
    if (task.gauge) Atomics.sub(task.gauge, RUNNING, 1);
    parentPort?.postMessage({ ok: true, value: (task.value ?? 0) * 2 });
  }, task.sleep ?? 0);
});

function enter(gauge: Int32Array, meet: number) {
  const running = Atomics.add(gauge, RUNNING, 1) + 1;
  for (;;) {
    const most = Atomics.load(gauge, MOST);
    if (running <= most || Atomics.compareExchange(gauge, MOST, most, running) === most) break;
  }
  Atomics.add(gauge, STARTED, 1);
  Atomics.notify(gauge, STARTED);
  // Ten seconds is only a backstop: a pool that runs one task at a time fails the test's count instead of hanging.
  const until = Date.now() + 10_000;
  for (let started = Atomics.load(gauge, STARTED); started < meet && Date.now() < until; ) {
    Atomics.wait(gauge, STARTED, started, until - Date.now());
    started = Atomics.load(gauge, STARTED);
  }
}
