import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from '../../providers/matting/worker-pool.ts';
import { loadOcrModels, type OcrModels } from './models.ts';
import { readLinesWith } from './read-lines.ts';

/**
 * The OCR worker thread: loads the models once, then reads each image it is sent. onnxruntime-node
 * runs a model synchronously on the thread that calls it (its `run` only defers to the next turn),
 * so on the server's own thread one 1000×1000 image would stop every other request for about a
 * third of a second.
 */
export interface OcrWorkerData {
  /** onnxruntime's intra-op threads. */
  threads: number;
}

const { threads } = workerData as OcrWorkerData;
let models: Promise<OcrModels> | undefined;

function getModels(): Promise<OcrModels> {
  models ??= loadOcrModels(threads).catch((error: unknown) => {
    models = undefined; // the next image tries again
    throw error;
  });
  return models;
}

// Load as soon as the worker starts, so the first image does not wait for it; a failure shows up
// again, with its message, on the first image.
getModels().catch(() => {});

parentPort?.on('message', (image: Uint8Array) => {
  getModels()
    .then((loaded) => readLinesWith(loaded, Buffer.from(image.buffer, image.byteOffset, image.byteLength)))
    .then(
      (lines) => {
        const reply: WorkerReply = { ok: true, value: lines };
        parentPort?.postMessage(reply);
      },
      (error: unknown) => {
        const reply: WorkerReply = {
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        };
        parentPort?.postMessage(reply);
      },
    );
});
