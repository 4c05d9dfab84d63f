import { Worker } from 'node:worker_threads';
import { ResultCode } from '@chuhai/contract';
import { AppError } from '../app-error.ts';
import type { SheetLimits, SheetRow } from './sheet-row.ts';
import type { SheetReply, SheetTask } from './sheet-worker.ts';

export type { SheetLimits, SheetRow };

const badSheet = (message: string) => new AppError(ResultCode.badRequest, message);

/** What one sheet's worker may take before it is stopped: wall time and V8 heap. */
export interface SheetBudget {
  timeMs: number;
  heapMb: number;
}

export const SHEET_BUDGET: SheetBudget = { timeMs: 15_000, heapMb: 256 };

/** Sheets read at once on this node (each a worker thread on a core); the next ones wait. */
const AT_ONCE = 2;
/** Sheets that may wait; one more is told the server is busy. */
const MAX_WAITING = 16;

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= AT_ONCE) {
    if (waiting.length >= MAX_WAITING)
      throw new AppError(ResultCode.tooManyRequests, '现在上传商品表的人太多，请过一分钟再试');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function inWorker(bytes: Uint8Array, limits: SheetLimits, budget: SheetBudget): Promise<SheetRow[]> {
  // A copy the worker takes over, so the caller's buffer stays usable.
  const copy = new Uint8Array(bytes);
  const task: SheetTask = { bytes: copy, limits };
  const worker = new Worker(new URL('./sheet-worker.ts', import.meta.url), {
    workerData: task,
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: 16 },
  });
  return new Promise<SheetRow[]>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            badSheet(
              `商品表太复杂，${budget.timeMs / 1000} 秒内没有读完：请删去多余的工作表、格式和空行，或另存为 CSV 再上传`,
            ),
          ),
        ),
      budget.timeMs,
    );
    worker.on('message', (reply: SheetReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.rows);
        else if (reply.refused) reject(badSheet(reply.message));
        else reject(new Error(`the sheet worker failed: ${reply.message}`));
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? badSheet(
                `商品表解开后太大，读取时用尽了 ${budget.heapMb} MB 内存：请删去多余的行、列和格式，或另存为 CSV 再上传`,
              )
            : error,
        ),
      ),
    );
    worker.on('exit', () => settle(() => reject(new Error('the sheet worker exited without an answer'))));
  });
}

/**
 * The rows of an uploaded sheet (see parse-sheet.ts), read in a worker thread of its own so that no
 * sheet, however it is built, holds this node's event loop: the worker is stopped past
 * `budget.timeMs` or `budget.heapMb` with a 400 that says which, and at most AT_ONCE sheets are read
 * at a time on this node.
 */
export async function readSheet(
  bytes: Uint8Array,
  limits: SheetLimits,
  budget: SheetBudget = SHEET_BUDGET,
): Promise<SheetRow[]> {
  const done = await turn();
  try {
    return await inWorker(bytes, limits, budget);
  } finally {
    done();
  }
}
