import { availableParallelism } from 'node:os';
import { PoolBusyError, WorkerPool } from '../../providers/matting/worker-pool.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { sentAsCopy } from '../pixel-transfer.ts';
import type { OcrWorkerData } from './ocr-worker.ts';
import type { TextLine } from './types.ts';

export { groupIntoBlocks } from './blocks.ts';
export { bareText, countLeftover, countSourceChars } from './source-chars.ts';
export type { TextBlock, TextBox, TextLine } from './types.ts';

/** Finds and reads the text in product images, offline, on the CPU. */
export interface OcrEngine {
  /**
   * The lines of text in a PNG, JPEG or WebP, in reading order (rows top to bottom, left to right
   * in a row); none for an image without text. Pieces of one line the detector split at a wide
   * space come back joined, with a space.
   */
  readLines(image: Buffer): Promise<TextLine[]>;
  /** Frees the models; the engine cannot be used afterwards. */
  close(): Promise<void>;
}

/**
 * Images that may wait while one is read; one more is refused as busy. At about 0.4 s an image
 * (bench/ocr.ts), the last of 16 waits some 6 s.
 */
const MAX_QUEUE = 16;

/**
 * An OCR engine on the PP-OCRv4 models (see models.ts), in a worker thread of its own (see
 * ocr-worker.ts) that starts and loads the models on the first call and keeps them; images are
 * read one at a time, each with `threads` onnxruntime threads (default: every core). When
 * `MAX_QUEUE` images are already waiting, `readLines` fails at once with a `ProviderError` of kind
 * `busy` (with a retry time), as the matting pool does.
 */
export function createOcrEngine(options: { threads?: number } = {}): OcrEngine {
  const workerData: OcrWorkerData = { threads: Math.max(1, options.threads ?? availableParallelism()) };
  let pool: WorkerPool<Uint8Array, TextLine[]> | undefined;
  let closed = false;
  return {
    async readLines(image) {
      if (closed) throw new Error('the OCR engine is closed');
      pool ??= new WorkerPool({
        file: new URL('./ocr-worker.ts', import.meta.url),
        size: 1,
        maxQueue: MAX_QUEUE,
        workerData,
      });
      // Copied into the message, not into a buffer of this thread's heap (pixel-transfer.ts).
      try {
        return await pool.run(sentAsCopy(image));
      } catch (error) {
        if (error instanceof PoolBusyError)
          throw new ProviderError('busy', error.message, {
            retryAfter: error.retryAfterSeconds,
            service: 'ocr',
          });
        throw error;
      }
    },
    async close() {
      closed = true;
      await pool?.close();
      pool = undefined;
    },
  };
}
