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
    warmUp: () => pool.warmUp(),
    close: () => pool.close(),
  };
}
