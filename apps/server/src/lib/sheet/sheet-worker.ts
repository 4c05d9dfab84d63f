import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../http/app-error.ts';
import { parseSheet } from './parse-sheet.ts';
import type { SheetLimits } from './sheet-row.ts';

/** The sheet worker's one task: read `bytes` within `limits`, post the rows or the refusal. */
export interface SheetTask {
  bytes: Uint8Array;
  limits: SheetLimits;
}

export type SheetReply =
  | { ok: true; rows: { row: number; cells: string[] }[] }
  | { ok: false; code: number; message: string }
  | { ok: false; code: null; message: string };

const { bytes, limits } = workerData as SheetTask;
let reply: SheetReply;
try {
  reply = { ok: true, rows: await parseSheet(bytes, limits) };
} catch (error) {
  reply =
    error instanceof AppError
      ? { ok: false, code: error.code, message: error.message }
      : { ok: false, code: null, message: String((error as Error)?.message ?? error) };
}
parentPort?.postMessage(reply);
