import { parentPort } from 'node:worker_threads';

/** A worker for the pool tests: `{ sleep }` answers after that many ms, `{ crash }` kills the thread. */
parentPort?.on('message', (task: { sleep?: number; crash?: boolean; value?: number }) => {
  if (task.crash) process.exit(3);
  setTimeout(() => parentPort?.postMessage({ ok: true, value: (task.value ?? 0) * 2 }), task.sleep ?? 0);
});
