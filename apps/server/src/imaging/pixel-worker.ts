import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../providers/matting/worker-pool.ts';
import { type Refusal, refusalOf } from './pixel-refusals.ts';
import { PIXEL_TASKS, type PixelTaskName } from './pixel-tasks.ts';
import { handOver } from './pixel-transfer.ts';

/**
 * One pixel worker (pixel-pool.ts): runs the pixel tasks (pixel-tasks.ts) it is sent, one at a
 * time, and sends the result back with its pixels transferred. A photo without a product, or a
 * translation too large to draw, is an answer, not a failure: it crosses as a refusal
 * (pixel-refusals.ts) and is thrown again as its error.
 */
export interface PixelMessage {
  task: PixelTaskName;
  input: unknown;
}

/** What a pixel task answers: its result, or a refusal. */
export type PixelAnswer = { result: unknown } | { refused: Refusal };

parentPort?.on('message', (message: PixelMessage) => {
  const run = PIXEL_TASKS[message.task] as (input: unknown) => unknown;
  Promise.resolve()
    .then(() => run(message.input))
    .then(
      (result) => {
        const answer = handOver<PixelAnswer>({ result });
        const reply: WorkerReply = { ok: true, value: answer.value };
        parentPort?.postMessage(reply, answer.transfer);
      },
      (error: unknown) => {
        const refused = refusalOf(error);
        const reply: WorkerReply = refused
          ? { ok: true, value: { refused } satisfies PixelAnswer }
          : { ok: false, message: error instanceof Error ? error.message : String(error) };
        parentPort?.postMessage(reply);
      },
    );
});
