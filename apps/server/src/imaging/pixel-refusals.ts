import { NoProductError } from './compose.ts';
import { BlockTooLargeError } from './text/picture-errors.ts';

/**
 * A pixel task's answer that is no result but no failure either (a photo without a product, a
 * translation too large to draw): it crosses from the worker as data, since an Error's class does
 * not survive postMessage, and is thrown again on the calling thread as the same error class.
 */
export type Refusal = { noProduct: true } | { blockTooLarge: number };

/** The refusal an error stands for, or null when it is a failure. */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof NoProductError) return { noProduct: true };
  if (error instanceof BlockTooLargeError) return { blockTooLarge: error.blockId };
  return null;
}

/** The error a refusal stands for, to throw where the task was asked for. */
export function refusalError(refusal: Refusal): Error {
  return 'noProduct' in refusal ? new NoProductError() : new BlockTooLargeError(refusal.blockTooLarge);
}
