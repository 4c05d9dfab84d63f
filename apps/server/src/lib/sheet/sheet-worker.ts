import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet } from './parse-sheet.ts';
import { SheetRefusal } from './sheet-errors.ts';
import type { SheetLimits } from './sheet-row.ts';

/** The sheet worker's one task: read `bytes` within `limits`, post the rows or the refusal. */
export interface SheetTask {
  bytes: Uint8Array;
  limits: SheetLimits;
}

export type SheetReply =
  | { ok: true; rows: { row: number; cells: string[] }[] }
  /** `refused`: the sheet's fault, told to the seller; otherwise a bug, logged. */
  | { ok: false; refused: boolean; message: string };

const { bytes, limits } = workerData as SheetTask;
let reply: SheetReply;
try {
  reply = { ok: true, rows: await parseSheet(bytes, limits) };
} catch (error) {
  reply = { ok: false, refused: error instanceof SheetRefusal, message: String((error as Error)?.message) };
}
parentPort?.postMessage(reply);
