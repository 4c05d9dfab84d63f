/**
 * 批量处理 benchmark: images per minute for one job of N images (default 40) through the queue
 * (BATCH_WORKERS images at once, default 2 on this 2-core machine) against the same images sent one
 * by one through the single-image call (`removeBackground` with a preset, what /image does).
 * Same app, same matting pool, same outputs per image (a cut-out and an Amazon main image). Prints
 * both rates and their ratio from this one run.
 *
 * Run: `npm run bench:batch` (or `node bench/batch.ts`; BENCH_IMAGES=10 for a quick look).
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { statusCounts } from '../apps/server/src/jobs/roll-up.ts';
import { removeBackground } from '../apps/server/src/modules/studio/service.ts';
import { queueBatchJob } from '../apps/server/test/batch-helpers.ts';
import { buildTestApp, insertBareUser } from '../apps/server/test/helpers.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 40);
const WORKERS = Number(process.env.BENCH_BATCH_WORKERS ?? Math.max(1, availableParallelism()));

/** A 1024×1024 product photo, a different colour per image so no cache can help. */
function photo(n: number): Promise<Buffer> {
  const hue = (n * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="3" seed="${n}"/></filter>
<rect width="1024" height="1024" fill="#8aa07a"/><rect width="1024" height="1024" filter="url(#n)" opacity="0.7"/>
<rect x="392" y="300" width="240" height="520" rx="40" fill="hsl(${hue},60%,40%)"/><rect x="452" y="200" width="120" height="110" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const { app, close } = await buildTestApp({
  LOG_LEVEL: 'error',
  BATCH_WORKERS: String(WORKERS),
  MATTING_WORKERS: String(WORKERS),
});
await app.ready();
const { db, clock } = app.deps;
const userId = await insertBareUser(db, { phone: '13800009999', inviteCode: 'BENCH1', now: clock.now() });
// Enough uses for both runs.
await db.updateTable('daily_limits').set({ daily_limit: 100_000 }).execute();
const images = await Promise.all(Array.from({ length: IMAGES }, (_, n) => photo(n)));
await removeBackground(app.deps, userId, {
  upload: { name: 'warm.jpg', bytes: images[0] as Buffer },
  preset: 'amazon',
}); // models loaded

console.log(
  `批量处理 benchmark: ${IMAGES} images of 1024×1024, ${availableParallelism()} cores, ${WORKERS} matting and batch workers`,
);

let started = performance.now();
for (const [n, bytes] of images.entries())
  await removeBackground(app.deps, userId, { upload: { name: `${n}.jpg`, bytes }, preset: 'amazon' });
const singleMs = performance.now() - started;

started = performance.now();
const jobId = await queueBatchJob(
  app.deps,
  userId,
  JSON.stringify({ cutout: true, marketplaces: ['amazon'], backgroundColor: null }),
  images.map((bytes, n) => ({ name: `${n}.jpg`, bytes, contentType: 'image/jpeg' })),
);
for (;;) {
  const counts = await statusCounts(db, 'batch_items', jobId);
  if ((counts.get('done') ?? 0) + (counts.get('failed') ?? 0) >= IMAGES) {
    if (counts.get('failed')) console.log(`  ${counts.get('failed')} images failed`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const batchMs = performance.now() - started;
await close();

const perMinute = (ms: number) => (IMAGES / ms) * 60_000;
console.log(
  `  single-image call, one by one: ${(singleMs / 1000).toFixed(1)} s, ${perMinute(singleMs).toFixed(1)} images/min`,
);
console.log(
  `  one batch job through the queue: ${(batchMs / 1000).toFixed(1)} s, ${perMinute(batchMs).toFixed(1)} images/min`,
);
console.log(`  ratio: batch is ${(singleMs / batchMs).toFixed(2)}× the one-by-one rate`);
