/**
 * Matting benchmark. Prints figures from this one run and ratios between them (machines are
 * noisy; compare ratios, not absolute times):
 *
 * 1. Time per 1024×1024 image through our worker pool against a direct call of the stock package
 *    (`removeBackground` of @imgly/background-removal-node), same model, same image, warm.
 * 2. Throughput with 8 images queued at once on the pool, against 8 stock calls one after another.
 * 3. Peak memory (max RSS) of each way, each in its own process.
 *
 * Run: `npm run bench:matting` (or `node bench/matting.ts`).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROUNDS = 3;
const QUEUED = 8;

/** A 1024×1024 product photo: a bottle on a noisy two-tone background. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="3"/></filter>
<rect width="1024" height="1024" fill="#8aa07a"/><rect width="1024" height="1024" filter="url(#n)" opacity="0.7"/>
<rect x="392" y="300" width="240" height="520" rx="40" fill="#1f5fae"/><rect x="452" y="200" width="120" height="110" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface Figures {
  perImageMs: number;
  queuedMs: number;
  maxRssMb: number;
}

async function measureStock(): Promise<Figures> {
  const { removeBackground } = await import('@imgly/background-removal-node');
  const image = await photo();
  const run = () =>
    removeBackground(new Blob([new Uint8Array(image)], { type: 'image/png' }), { model: 'medium' });
  await run(); // loads the model
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) times.push(await timed(run));
  const queuedMs = median(times) * QUEUED; // the stock package has no queue: one call after another
  return { perImageMs: median(times), queuedMs, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

async function measurePool(): Promise<Figures> {
  const { onnxMatting } = await import('../apps/server/src/providers/matting/onnx-matting.ts');
  const cores = availableParallelism();
  const { defaultMattingWorkers } = await import('../apps/server/src/config.ts');
  const workers = Number(process.env.MATTING_WORKERS ?? defaultMattingWorkers(cores));
  const engine = onnxMatting({ model: 'medium', workers, queue: QUEUED, cores });
  const image = await photo();
  await Promise.all(Array.from({ length: workers }, () => engine.matte(image))); // every worker loads its model
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) times.push(await timed(() => engine.matte(image)));
  const queuedMs = await timed(() => Promise.all(Array.from({ length: QUEUED }, () => engine.matte(image))));
  await engine.close();
  return { perImageMs: median(times), queuedMs, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

/** Runs one side in a child process, so each peak memory is its own. */
function inChild(side: 'stock' | 'pool'): Figures {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), side], { encoding: 'utf8' });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${side} failed:\n${child.stderr}`);
  return JSON.parse(line) as Figures;
}

const side = process.argv[2];
if (side === 'stock') console.log(JSON.stringify(await measureStock()));
else if (side === 'pool') console.log(JSON.stringify(await measurePool()));
else {
  console.log(`matting benchmark: ${availableParallelism()} cores, 1024×1024, model medium (ISNet)`);
  const stock = inChild('stock');
  const pool = inChild('pool');
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `one image (median of ${ROUNDS}, warm): pool ${s(pool.perImageMs)}, stock ${s(stock.perImageMs)}, ratio ${(pool.perImageMs / stock.perImageMs).toFixed(2)}`,
  );
  console.log(
    `${QUEUED} images queued: pool ${s(pool.queuedMs)} (${((QUEUED * 60_000) / pool.queuedMs).toFixed(1)} per minute), stock one by one ${s(stock.queuedMs)}, speed-up ${(stock.queuedMs / pool.queuedMs).toFixed(2)}×`,
  );
  console.log(
    `peak memory: pool ${pool.maxRssMb.toFixed(0)} MB, stock ${stock.maxRssMb.toFixed(0)} MB, ratio ${(pool.maxRssMb / stock.maxRssMb).toFixed(2)}`,
  );
}
