import sharp from 'sharp';
import type { MattingConfig } from '../../config.ts';
import { ProviderError } from '../provider-error.ts';
import type { AlphaMask, MattingEngine } from './matting-engine.ts';
import type { MattingWorkerData } from './onnx-matting-worker.ts';
import { PoolBusyError, WorkerPool } from './worker-pool.ts';

/** The bundled ISNet model on onnxruntime-node, in a pool of worker threads sized to the cores. */
export function onnxMatting(
  config: Pick<MattingConfig, 'model' | 'workers' | 'queue' | 'cores'>,
): MattingEngine {
  const workerData: MattingWorkerData = {
    model: config.model,
    threads: Math.max(1, Math.floor(config.cores / config.workers)),
  };
  const pool = new WorkerPool<Uint8Array, AlphaMask>({
    file: new URL('./onnx-matting-worker.ts', import.meta.url),
    size: config.workers,
    maxQueue: config.queue,
    workerData,
  });
  return {
    name: `isnet-${config.model}`,
    async matte(image) {
      // A copy the worker can take over, so the caller's buffer stays usable.
      const copy = new Uint8Array(image);
      try {
        const result = await pool.run(copy, [copy.buffer]);
        return {
          ...result,
          mask: Buffer.from(result.mask.buffer, result.mask.byteOffset, result.mask.length),
        };
      } catch (error) {
        if (error instanceof PoolBusyError)
          throw new ProviderError('busy', error.message, {
            retryAfter: error.retryAfterSeconds,
            service: 'matting',
          });
        throw error;
      }
    },
    async warmUp() {
      // Each worker loads the model on its first picture: one blank picture per worker, at once.
      const blank = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await Promise.allSettled(Array.from({ length: config.workers }, () => this.matte(blank)));
    },
    close: () => pool.close(),
  };
}
