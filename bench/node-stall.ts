/**
 * A node that never stalls (issue 52): one app as `npm start` runs it (web and queue worker in one
 * process) works a 一键出海 job of 20 products × 3 sites, then a 批量处理 job of 20 images, while
 * another seller, in a thread of their own, reads a light authenticated page every 100 ms
 * (`GET /api/v1/getMsgTagList`, sent on time whether or not the last one came back) and streams AI
 * 问答 answers from the fake LLM one after another; a third job sends ten 图片翻译 requests at once
 * (ten sellers, one 2000 px poster each, `POST /api/v1/translate/image`). Prints in one run, per job: the readers' p50,
 * p99 and worst wait, the answers' worst first text and longest silence mid-answer, the app
 * thread's longest stall (perf_hooks `monitorEventLoopDelay`), product × site (or images) per
 * minute and CPU seconds each (the whole process: every thread, the fakes' and the readers' too), and
 * for 一键出海 the main images and pictures computed against those delivered (compute once, deliver per site).
 * Each job runs twice on a fresh app: 「before」 with PIXEL_WORKERS=0 (the main image's pixel work
 * on the event loop, as before the pixel pool) and 「after」 with the default pool, then the ratios.
 *
 * The fakes: OpenAI (listings, answers) in this process, the matting service (fake-rembg: darker
 * than 200 in red is the product) in a worker thread, so its per-pixel loop is not counted as the
 * app's stall. The photos are bench/localise-photos.ts's supplier photos enlarged to BENCH_SIDE
 * (default 2000) px on the longer side. 一键出海's detail pictures (图片翻译, not in the pixel pool
 * yet) are off by default: BENCH_PICTURES=1 adds one a product.
 *
 * Run: `npm run bench:stall` (or `node bench/node-stall.ts`). BENCH_PRODUCTS (default 20),
 * BENCH_IMAGES (批量处理 images, default 20), BENCH_SITES (site ids, comma-separated),
 * BENCH_WORKERS (queue tasks at once, default the cores), BENCH_PHASES (`before,after`),
 * BENCH_JOBS (`localise,batch,translate`), BENCH_TRANSLATIONS (图片翻译 requests at once, default
 * 10), BENCH_SIDE, BENCH_PICTURES. A quick look:
 * `BENCH_PRODUCTS=3 BENCH_IMAGES=3 npm run bench:stall`.
 */
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import sharp from 'sharp';

/** What a thread of this file is: the bench itself, the readers, or the fake matting service. */
type Role =
  | { role: 'readers'; base: string; token: string; headers: Record<string, Record<string, string>> }
  | { role: 'rembg' };

type Job = 'localise' | 'batch' | 'translate';

/** One reader's figures, sent back when told to stop. */
interface ReaderFigures {
  waits: number[];
  failed: number;
  answers: { firstMs: number; longestGapMs: number; totalMs: number }[];
}

const READ_PATH = '/api/v1/getMsgTagList?pageNo=1&pageSize=20';
const CHAT_PATH = '/api/v1/sendMsg/';

/** The other seller: a light read every 100 ms, and an AI 问答 answer streamed after another. */
async function readers(role: Extract<Role, { role: 'readers' }>) {
  const figures: ReaderFigures = { waits: [], failed: 0, answers: [] };
  let stopped = false;
  const pending = new Set<Promise<void>>();
  const read = async () => {
    const sent = performance.now();
    try {
      const response = await fetch(role.base + READ_PATH, {
        headers: { token: role.token, ...role.headers[READ_PATH] },
      });
      await response.arrayBuffer();
      if (!response.ok) figures.failed += 1;
    } catch {
      figures.failed += 1;
    }
    figures.waits.push(performance.now() - sent);
  };
  const timer = setInterval(() => {
    const reading = read();
    pending.add(reading);
    void reading.finally(() => pending.delete(reading));
  }, 100);
  const chat = (async () => {
    while (!stopped) {
      const sent = performance.now();
      const response = await fetch(role.base + CHAT_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          token: role.token,
          ...role.headers[CHAT_PATH],
        },
        body: JSON.stringify({ content: '介绍一下你们的保温杯' }),
      });
      const body = (response.body as ReadableStream<Uint8Array>).getReader();
      let first = 0;
      let last = 0;
      let longestGap = 0;
      let seen = '';
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        const now = performance.now();
        seen += decoder.decode(value, { stream: true });
        if (!first && seen.includes('event: text')) first = now;
        if (first && last) longestGap = Math.max(longestGap, now - last);
        if (first) last = now;
      }
      if (first)
        figures.answers.push({
          firstMs: first - sent,
          longestGapMs: longestGap,
          totalMs: performance.now() - sent,
        });
      else figures.failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  parentPort?.once('message', async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all([...pending, chat]);
    parentPort?.postMessage(figures);
  });
}

if (!isMainThread) {
  const role = workerData as Role;
  if (role.role === 'readers') await readers(role);
  else {
    const { startFakeRembg } = await import('../apps/server/test/fakes/fake-rembg.ts');
    const fake = await startFakeRembg();
    parentPort?.postMessage(fake.url);
  }
} else await main();

async function main() {
  const { auth, get, post, registerUser } = await import('../apps/server/test/account-helpers.ts');
  const { buildChatApp } = await import('../apps/server/test/chat-helpers.ts');
  const { queueBatchJob } = await import('../apps/server/test/batch-helpers.ts');
  const { signedHeaders } = await import('../apps/server/test/helpers.ts');
  const { postForm } = await import('../apps/server/test/studio-helpers.ts');
  const { statusCounts } = await import('../apps/server/src/jobs/roll-up.ts');
  const { mainPhoto, detailPictures } = await import('./localise-photos.ts');
  const { startDictionaries } = await import('../apps/server/src/lib/dictionaries/thread.ts');

  const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20);
  const IMAGES = Number(process.env.BENCH_IMAGES ?? 20);
  const SITES = process.env.BENCH_SITES?.split(',') ?? ['amazon-US', 'amazon-DE', 'shopee-SG'];
  const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
  const PHASES = (process.env.BENCH_PHASES ?? 'before,after').split(',') as ('before' | 'after')[];
  const JOBS = (process.env.BENCH_JOBS ?? 'localise,batch,translate').split(',') as Job[];
  const TRANSLATIONS = Number(process.env.BENCH_TRANSLATIONS ?? 10);
  const SIDE = Number(process.env.BENCH_SIDE ?? 2000);
  const PICTURES = Number(process.env.BENCH_PICTURES ?? 0);

  const rembg = new Worker(new URL(import.meta.url), { workerData: { role: 'rembg' } satisfies Role });
  const mattingUrl = await new Promise<string>((resolve) => rembg.once('message', resolve));

  /** A supplier's photo enlarged to SIDE px on its longer side (PNG keeps its text crisp). */
  const enlarged = async (photo: Buffer) =>
    sharp(photo).resize(SIDE, SIDE, { fit: 'inside' }).png({ compressionLevel: 6 }).toBuffer();
  const photos: Buffer[] = [];
  const details: Buffer[][] = [];
  for (let n = 0; n < Math.max(PRODUCTS, IMAGES); n += 1) {
    photos.push(await enlarged(await mainPhoto(n)));
    details.push(PICTURES > 0 && n < PRODUCTS ? await detailPictures(n, PICTURES) : []);
  }

  const posters: Buffer[] = [];
  if (JOBS.includes('translate'))
    for (let n = 0; n < TRANSLATIONS; n += 1) {
      const [poster] = await detailPictures(n, 1);
      posters.push(await enlarged(poster as Buffer));
    }

  /** An app as `npm start` runs one: web and queue workers in one process, the pool as `pixelWorkers` says. */
  async function benchApp(pixelWorkers: string | undefined) {
    const built = await buildChatApp(
      {
        LOG_LEVEL: 'error',
        BATCH_WORKERS: String(WORKERS),
        LLM_IDLE_TIMEOUT_MS: '30000',
        MATTING_URL: mattingUrl,
        ...(pixelWorkers === undefined ? {} : { PIXEL_WORKERS: pixelWorkers }),
      },
      { pieceMs: 20 },
    );
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    startDictionaries(); // as server.ts does once it listens
    await built.app.deps.db.updateTable('daily_limits').set({ daily_limit: 100_000 }).execute();
    const reader = await registerUser(built, '13900002222');
    return {
      ...built,
      reader,
      base: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`,
    };
  }
  type BenchApp = Awaited<ReturnType<typeof benchApp>>;

  /** Starts the job; resolves with the number of units (product × site, images) once it has ended. */
  async function localiseJob(ctx: BenchApp): Promise<() => Promise<number>> {
    const upload = async (bytes: Buffer) => {
      const res = await postForm(ctx.app, '/api/v1/localise/photos', ctx.token, {}, [
        { field: 'file', name: 'p.png', bytes },
      ]);
      if (res.json().code !== 200) throw new Error(`upload refused: ${res.body}`);
      return res.json().data.id as number;
    };
    const products: unknown[] = [];
    for (let n = 0; n < PRODUCTS; n += 1)
      products.push({
        code: `SKU-${n + 1}`,
        facts: {
          productName: `保温杯 ${n + 1} 号`,
          brand: 'Nordly',
          material: '304 不锈钢',
          size: `${20 + n} cm`,
          sellingPoints: '耐用 轻便 易清洁',
          keywords: '保温杯',
          inTheBox: '保温杯 1 件',
        },
        mainPhotoId: await upload(photos[n] as Buffer),
        detailPhotoIds: await Promise.all((details[n] as Buffer[]).map(upload)),
      });
    return async () => {
      const start = await post(ctx.app, '/api/v1/localise', { products, sites: SITES }, auth(ctx.token));
      if (start.json().code !== 200) throw new Error(`job refused: ${start.body}`);
      const jobId = start.json().data.job.id;
      const db = ctx.app.deps.db;
      for (;;) {
        const job = await db
          .selectFrom('localise_jobs')
          .select('status')
          .where('id', '=', jobId)
          .executeTakeFirst();
        if (job?.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const { tasks } = (await get(ctx.app, `/api/v1/localise/${jobId}`, auth(ctx.token))).json().data as {
        tasks: { status: string; charged: { translate?: number } }[];
      };
      const done = tasks.filter((t) => t.status === 'done');
      if (done.length < tasks.length)
        console.log(`    ${tasks.length - done.length} of ${tasks.length} tasks did not finish`);
      // Computed once per rule set (main) and language (picture): one shared-result row each.
      const made = await db
        .selectFrom('localise_shared_results')
        .select('kind')
        .where('job_id', '=', jobId)
        .where('status', '=', 'made')
        .execute();
      const translated = done.reduce((sum, t) => sum + (t.charged.translate ?? 0), 0);
      console.log(
        `    computed ${made.filter((r) => r.kind === 'main').length} main images for ${done.length} delivered, ` +
          `${made.filter((r) => r.kind === 'picture').length} pictures for ${translated} translations delivered`,
      );
      return tasks.length;
    };
  }

  async function batchJob(ctx: BenchApp): Promise<() => Promise<number>> {
    const { db } = ctx.app.deps;
    const seller = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13900001111')
      .executeTakeFirstOrThrow();
    const steps = JSON.stringify({
      cutout: true,
      marketplaces: ['amazon', 'shopee'],
      backgroundColor: '#f3e5d8',
    });
    return async () => {
      const jobId = await queueBatchJob(
        ctx.app.deps,
        Number(seller.id),
        steps,
        photos.slice(0, IMAGES).map((bytes, n) => ({ name: `${n}.png`, bytes, contentType: 'image/png' })),
      );
      for (;;) {
        const counts = await statusCounts(db, 'batch_items', jobId);
        const ended = (counts.get('done') ?? 0) + (counts.get('failed') ?? 0);
        if (ended >= IMAGES) {
          if (counts.get('failed')) console.log(`    ${counts.get('failed')} images failed`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return IMAGES;
    };
  }

  /** Ten sellers (one 图片翻译 at a time each is their limit) each send one poster at the same moment. */
  async function translateJob(ctx: BenchApp): Promise<() => Promise<number>> {
    const sellers: string[] = [];
    for (let n = 0; n < posters.length; n += 1)
      sellers.push(
        await registerUser(ctx, `1370000${String(n).padStart(4, '0')}`, { ip: `10.9.0.${n + 1}` }),
      );
    await ctx.app.deps.db.updateTable('daily_limits').set({ daily_limit: 100_000 }).execute();
    return async () => {
      const answers = await Promise.all(
        posters.map((bytes, n) =>
          postForm(ctx.app, '/api/v1/translate/image', sellers[n] as string, { target: 'en' }, [
            { field: 'file', name: `poster-${n}.png`, bytes },
          ]),
        ),
      );
      const refused = answers.filter((answer) => answer.json().code !== 200);
      if (refused.length > 0)
        console.log(`    ${refused.length} of ${answers.length} refused: ${refused[0]?.body.slice(0, 200)}`);
      return answers.length;
    };
  }

  interface Figures {
    units: number;
    wallMs: number;
    cpuMs: number;
    stallMs: number;
    p50: number;
    p99: number;
    worst: number;
    reads: number;
    failed: number;
    answers: number;
    firstTextMs: number;
    answerGapMs: number;
  }

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

  async function phase(job: Job, when: 'before' | 'after'): Promise<Figures> {
    const ctx = await benchApp(when === 'before' ? '0' : undefined);
    try {
      const jobs = { localise: localiseJob, batch: batchJob, translate: translateJob };
      const run = await jobs[job](ctx);
      const headers = { [READ_PATH]: signedHeaders(READ_PATH), [CHAT_PATH]: signedHeaders(CHAT_PATH) };
      const reader = new Worker(new URL(import.meta.url), {
        workerData: { role: 'readers', base: ctx.base, token: ctx.reader, headers } satisfies Role,
      });
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const cpuFrom = process.cpuUsage();
      const started = performance.now();
      const units = await run();
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuFrom);
      loop.disable();
      reader.postMessage('stop');
      const read = await new Promise<ReaderFigures>((resolve) => reader.once('message', resolve));
      await reader.terminate();
      const waits = [...read.waits].sort((a, b) => a - b);
      const figures: Figures = {
        units,
        wallMs,
        cpuMs: (cpu.user + cpu.system) / 1000,
        stallMs: loop.max / 1e6,
        p50: percentile(waits, 50),
        p99: percentile(waits, 99),
        worst: waits.at(-1) ?? 0,
        reads: waits.length,
        failed: read.failed,
        answers: read.answers.length,
        firstTextMs: Math.max(0, ...read.answers.map((a) => a.firstMs)),
        answerGapMs: Math.max(0, ...read.answers.map((a) => a.longestGapMs)),
      };
      const unit = { localise: 'product × site', batch: 'image', translate: 'picture' }[job];
      console.log(
        `  ${job} ${when.padEnd(6)} (PIXEL_WORKERS=${ctx.app.deps.pixels.size}): ${units} ${unit} in ${(wallMs / 1000).toFixed(1)} s, ` +
          `${((units / wallMs) * 60_000).toFixed(1)} ${unit} per minute, ${(figures.cpuMs / 1000 / units).toFixed(2)} s CPU each; ` +
          `longest stall ${figures.stallMs.toFixed(0)} ms; reads p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ` +
          `worst ${figures.worst.toFixed(0)} ms (${figures.reads} reads, ${figures.failed} failed); ` +
          `${figures.answers} answers, worst first text ${figures.firstTextMs.toFixed(0)} ms, longest silence ${figures.answerGapMs.toFixed(0)} ms`,
      );
      return figures;
    } finally {
      await ctx.close();
    }
  }

  console.log(
    `node stall benchmark: ${availableParallelism()} cores, ${WORKERS} queue tasks at once, pixel pool ${Math.max(1, availableParallelism() - 1)} worker(s) after; ` +
      `一键出海 ${PRODUCTS} products × ${SITES.length} sites (${SITES.join(', ')}), ${PICTURES} detail pictures each; 批量处理 ${IMAGES} images ` +
      `(cut-out, Amazon and Shopee main images, a colour); 图片翻译 ${TRANSLATIONS} posters at once; photos ${SIDE} px; fake OpenAI and matting`,
  );
  const results = new Map<string, Figures>();
  for (const job of JOBS) for (const when of PHASES) results.set(`${job}:${when}`, await phase(job, when));
  await rembg.terminate();

  const ratio = (after: number, before: number) => (before > 0 ? `${(after / before).toFixed(2)}×` : '—');
  for (const job of JOBS) {
    const before = results.get(`${job}:before`);
    const after = results.get(`${job}:after`);
    if (!before || !after) continue;
    console.log(`  ${job}, after ÷ before (goal: p99 ≤ 50 ms, worst ≤ 200 ms, stall ≤ 100 ms):`);
    console.log(
      `    longest stall ${before.stallMs.toFixed(0)} → ${after.stallMs.toFixed(0)} ms (${ratio(after.stallMs, before.stallMs)}); ` +
        `reads p99 ${before.p99.toFixed(0)} → ${after.p99.toFixed(0)} ms (${ratio(after.p99, before.p99)}), ` +
        `worst ${before.worst.toFixed(0)} → ${after.worst.toFixed(0)} ms (${ratio(after.worst, before.worst)}); ` +
        `answers' longest silence ${before.answerGapMs.toFixed(0)} → ${after.answerGapMs.toFixed(0)} ms`,
    );
    console.log(
      `    per minute ${ratio(after.units / after.wallMs, before.units / before.wallMs)}, ` +
        `CPU each ${(before.cpuMs / 1000 / before.units).toFixed(2)} → ${(after.cpuMs / 1000 / after.units).toFixed(2)} s (${ratio(after.cpuMs / after.units, before.cpuMs / before.units)})`,
    );
  }
  process.exit(0);
}
