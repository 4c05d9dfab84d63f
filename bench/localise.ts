/**
 * 一键出海 benchmark: one job of 20 products × 3 sites (亚马逊美国站, 亚马逊德国站, Shopee 新加坡站)
 * through the real routes, queue, OCR and image pipeline, with the fake providers only: the fake
 * OpenAI (listings and picture translations) and the fake matting service (fake-rembg). Prints the
 * wall time, the provider calls counted at the fakes (listing writes and fixes per product × site:
 * flagged when more than one write or one fix), the share of product × site results 可以上架, the
 * rules that failed most often, and the uses charged per kind against the outputs delivered.
 * Figures from one run; no timing is asserted (the machine is shared and noisy).
 *
 * The fake writer writes the same water-bottle listing for every product; products 5, 10, 15 and
 * 20 carry its `[long-title]` tag (a title over Amazon's and Shopee's limits, short after the fix)
 * and product 8 its `[malformed]` tag (broken JSON first, so the writer asks once more).
 *
 * Run: `npm run bench:localise` (or `node bench/localise.ts`). BENCH_PRODUCTS (default 20),
 * BENCH_PICTURES (detail pictures per product at most, default 2; even products get that many,
 * odd ones one), BENCH_WORKERS (tasks at once, default the cores), BENCH_ZIP (a path: the job's
 * ZIP is saved there, to look at what it delivered), BENCH_MATTING=model (the bundled matting model
 * instead of the fake service), BENCH_LOG (the server's log
 * level, printed as it comes; without it warnings are counted and printed at the end), BENCH_SITES (site ids, comma-separated),
 * BENCH_BEFORE=1 (the same products first as one job per product × site on an app of their own,
 * where nothing is shared, as every job was before issue 52: main images made and pictures translated against
 * those delivered, wall and CPU time, both printed at the end).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LOCALISE_SITES } from '@chuhai/contract';
import { unzipSync } from 'fflate';
import type { MattingEngine } from '../apps/server/src/providers/matting/matting-engine.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';
import { auth, get, post } from '../apps/server/test/account-helpers.ts';
import { buildChatApp } from '../apps/server/test/chat-helpers.ts';
import { startFakeRembg } from '../apps/server/test/fakes/fake-rembg.ts';
import { postForm } from '../apps/server/test/studio-helpers.ts';
import { detailPictures, mainPhoto } from './localise-photos.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20);
const PICTURES = Number(process.env.BENCH_PICTURES ?? 2);
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.max(1, availableParallelism()));
const SITES = process.env.BENCH_SITES?.split(',') ?? ['amazon-US', 'amazon-DE', 'shopee-SG'];

const NAMES = [
  '保温杯',
  '登山背包',
  '瑜伽垫',
  '蓝牙耳机',
  '陶瓷马克杯',
  '跑步鞋',
  '收纳盒',
  '护手霜',
  '折叠雨伞',
  '儿童水壶',
  '厨房剪刀',
  'LED 台灯',
  '宠物梳子',
  '旅行颈枕',
  '硅胶锅铲',
  '运动水壶',
  '化妆刷套装',
  '帆布托特包',
  '不锈钢饭盒',
  '防晒喷雾',
];

/** Product `n`'s facts; even ones carry the brand in the seller's 术语表 (出海牌 → Chuhai). */
function facts(n: number) {
  const tag = n % 5 === 4 ? ' [long-title]' : n === 7 ? ' [malformed]' : '';
  const brand = n % 2 === 0 ? '出海牌' : 'Nordly';
  return {
    productName: `${n % 2 === 0 ? brand : ''}${NAMES[n % NAMES.length]}${tag}`,
    brand,
    material: n % 3 === 0 ? '304 不锈钢' : '环保材料',
    size: `${20 + n} cm`,
    sellingPoints: '耐用 轻便 易清洁',
    keywords: NAMES[n % NAMES.length] as string,
    inTheBox: `${NAMES[n % NAMES.length]} 1 件`,
  };
}

/** The server's warnings and errors, counted by message (a failed task's cause is among them). */
const warnings = new Map<string, number>();
function logged(line: string) {
  const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
  const text = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 200);
  warnings.set(text, (warnings.get(text) ?? 0) + 1);
  if (process.env.BENCH_LOG) process.stdout.write(line);
}

/**
 * The fake matting service, or with BENCH_MATTING=model the bundled model (2–4 s a call on 2 cores:
 * use it with a few products), counted the same way.
 */
const MODEL = process.env.BENCH_MATTING === 'model';
const fake = await startFakeRembg();
let modelCalls = 0;
const model = MODEL
  ? onnxMatting({ model: 'medium', workers: 1, queue: 16, cores: availableParallelism() })
  : null;
const counted: MattingEngine | undefined = model
  ? {
      name: model.name,
      matte: (image) => {
        modelCalls += 1;
        return model.matte(image);
      },
      warmUp: () => model.warmUp(),
      close: () => model.close(),
    }
  : undefined;
const APP_ENV = {
  LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
  BATCH_WORKERS: String(WORKERS),
  LLM_IDLE_TIMEOUT_MS: '20000',
  ...(MODEL ? {} : { MATTING_URL: fake.url }),
};

/**
 * An app as the bench runs it, ready for the seller: quotas out of the way, 出海牌 in the 术语表.
 * `engine`: the matting double (a fresh object per app, so no app reuses another's masks).
 */
async function benchApp(engine: MattingEngine | undefined) {
  const built = await buildChatApp(
    APP_ENV,
    {},
    { matting: engine, logger: { stream: { write: (line: string) => logged(line) } } },
  );
  await built.app.ready();
  await built.app.deps.db.updateTable('daily_limits').set({ daily_limit: 100_000 }).execute();
  await post(
    built.app,
    '/api/v1/translate/glossary',
    { source: '出海牌', target: 'all', translation: 'Chuhai' },
    auth(built.token),
  );
  return built;
}

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

/** The photos, drawn once for every app of the run. */
const drawn: { main: Buffer; details: Buffer[] }[] = [];
let started = performance.now();
for (let n = 0; n < PRODUCTS; n += 1)
  drawn.push({
    main: await mainPhoto(n),
    details: await detailPictures(n, n % 2 === 0 ? PICTURES : Math.min(1, PICTURES)),
  });
const drawMs = performance.now() - started;

/** The products, their photos uploaded as the seller's of `built`. */
async function uploadProducts(built: BenchApp) {
  const upload = async (bytes: Buffer): Promise<number> => {
    const res = await postForm(built.app, '/api/v1/localise/photos', built.token, {}, [
      { field: 'file', name: 'p.png', bytes },
    ]);
    if (res.json().code !== 200) throw new Error(`upload refused: ${res.body}`);
    return res.json().data.id;
  };
  const list = [];
  for (const [n, photos] of drawn.entries())
    list.push({
      code: `SKU-${String(n + 1).padStart(2, '0')}`,
      facts: facts(n),
      mainPhotoId: await upload(photos.main),
      detailPhotoIds: await Promise.all(photos.details.map(upload)),
    });
  return list;
}

/** Main images made and pictures translated: one row of the shared results each (issue 52). */
async function computations(db: BenchApp['app']['deps']['db'], jobIds: number[]) {
  const rows = await db
    .selectFrom('localise_shared_results')
    .select(['kind', 'result'])
    .where('job_id', 'in', jobIds)
    .where('status', '=', 'made')
    .execute();
  return {
    main: rows.filter((r) => r.kind === 'main').length,
    // A picture kept untranslated (no Chinese found) is not a translation.
    translate: rows.filter((r) => r.kind === 'picture' && JSON.parse(r.result).value?.translated).length,
  };
}

/** One phase's cost: wall and CPU time for the job(s), and what was computed against delivered. */
interface PhaseFigures {
  tasks: number;
  wallMs: number;
  cpuMs: number;
  computed: { main: number; translate: number };
  delivered: { main: number; translate: number };
  translateCalls: number;
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** What the tasks of finished jobs delivered: a main image each, and the pictures charged as translated. */
// biome-ignore lint/suspicious/noExplicitAny: the job detail as the route answers it
function deliveredBy(details: any[]) {
  const done = details.flatMap((d) => d.tasks).filter((t) => t.status === 'done');
  return {
    main: done.length,
    translate: done.reduce((sum, t) => sum + (t.charged.translate ?? 0), 0),
  };
}

/**
 * BENCH_BEFORE=1: the same products first as one job per product × site, all queued at once on an
 * app of their own, as the worker was before issue 52: results are shared within a job only, so
 * nothing is (not even a picture two products have in common), and each product × site makes its
 * own main image and translates its own pictures. Matting is still asked once per picture in the
 * process (matte-once.ts), as it was before. The jobs are watched in the database, not through the
 * route, so the watching costs next to nothing.
 */
async function beforePhase(): Promise<PhaseFigures> {
  const built = await benchApp(counted ? { ...counted } : undefined);
  try {
    const list = await uploadProducts(built);
    const from = process.cpuUsage();
    const begun = performance.now();
    const jobIds: number[] = [];
    for (const product of list)
      for (const site of SITES) {
        const res = await post(
          built.app,
          '/api/v1/localise',
          { products: [product], sites: [site] },
          auth(built.token),
        );
        if (res.json().code !== 200) throw new Error(`job refused: ${res.body}`);
        jobIds.push(res.json().data.job.id);
      }
    const db = built.app.deps.db;
    const running = async () =>
      (
        await db
          .selectFrom('localise_jobs')
          .select('id')
          .where('id', 'in', jobIds)
          .where('status', '=', 'running')
          .execute()
      ).length;
    while ((await running()) > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const wallMs = performance.now() - begun;
    const cpu = cpuMs(from);
    const details = await Promise.all(
      jobIds.map(
        async (id) => (await get(built.app, `/api/v1/localise/${id}`, auth(built.token))).json().data,
      ),
    );
    const figures = {
      tasks: details.reduce((sum, d) => sum + d.tasks.length, 0),
      wallMs,
      cpuMs: cpu,
      computed: await computations(db, jobIds),
      delivered: deliveredBy(details),
      translateCalls: built.fake.requests.filter((r) =>
        r.messages.some((m) => m.role === 'system' && m.content.includes('[image-text-translation]')),
      ).length,
    };
    console.log(
      `  before (a job per product × site, nothing shared): ${(figures.wallMs / 1000).toFixed(1)} s wall, ${(figures.cpuMs / 1000).toFixed(1)} s CPU`,
    );
    return figures;
  } finally {
    await built.close();
  }
}

console.log(
  `一键出海 benchmark: ${PRODUCTS} products × ${SITES.length} sites (${SITES.join(', ')}), up to ${PICTURES} detail pictures per product, ${availableParallelism()} cores, ${WORKERS} workers; fake OpenAI, ${MODEL ? 'the bundled matting model' : 'fake matting (rembg: darker than 200 in red is the product)'}, real OCR and image pipeline`,
);
await counted?.warmUp();
const beforeFigures = process.env.BENCH_BEFORE ? await beforePhase() : null;

const ctx = await benchApp(counted);
const { app, token } = ctx;

async function usedToday(): Promise<Record<string, number>> {
  const info = (await get(app, '/api/v1/info', auth(token))).json().data;
  return Object.fromEntries(info.usage.map((u: { feature: string; used: number }) => [u.feature, u.used]));
}

started = performance.now();
const products = await uploadProducts(ctx);
const pictureCount = products.reduce((sum, p) => sum + p.detailPhotoIds.length, 0);
console.log(
  `  photos drawn and uploaded: ${PRODUCTS} main photos, ${pictureCount} detail pictures, ${((drawMs + performance.now() - started) / 1000).toFixed(1)} s`,
);

const before = await usedToday();
const plan = (await post(app, '/api/v1/localise/estimate', { products, sites: SITES }, auth(token))).json()
  .data;
// The main thread's longest stalls: a provider's first byte waits behind them (CHANNEL_FIRST_BYTE_MS).
const loop = monitorEventLoopDelay({ resolution: 20 });
loop.enable();
const cpuFrom = process.cpuUsage();
started = performance.now();
const start = await post(app, '/api/v1/localise', { products, sites: SITES }, auth(token));
if (start.json().code !== 200) throw new Error(`job refused: ${start.body}`);
const jobId = start.json().data.job.id;
const readDetail = async () => (await get(app, `/api/v1/localise/${jobId}`, auth(token))).json().data;
// Watched in the database, as the before phase watches its jobs: the job page's reads of the
// detail (its CPU per read is measured below and printed) are the page's cost, not the job's,
// and were counted in this phase only. The route is read every 30 s for the progress.
const jobStatus = async () =>
  (await app.deps.db.selectFrom('localise_jobs').select('status').where('id', '=', jobId).executeTakeFirst())
    ?.status;
for (let shown = 0; (await jobStatus()) === 'running'; ) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  // Progress every 30 s, so a slow run on a busy machine is seen to move.
  const seconds = Math.floor((performance.now() - started) / 30_000) * 30;
  if (seconds > shown) {
    shown = seconds;
    console.log(`    ${seconds} s: ${JSON.stringify((await readDetail()).job.counts)}`);
  }
}
const wallMs = performance.now() - started;
const jobCpuMs = cpuMs(cpuFrom);
loop.disable();
const detail = await readDetail();
// What one read of the job page costs, the job done (nothing else running): the route's CPU.
const pageFrom = process.cpuUsage();
for (let n = 0; n < 20; n += 1) await readDetail();
const pageReadMs = cpuMs(pageFrom) / 20;
const computed = await computations(app.deps.db, [jobId]);
const used = await usedToday();
const link = (await get(app, `/api/v1/localise/${jobId}/download`, auth(token))).json().data.url;
const zipBytes = (await app.inject({ method: 'GET', url: link })).rawPayload;
if (process.env.BENCH_ZIP) writeFileSync(process.env.BENCH_ZIP, zipBytes);
const zip = Object.keys(unzipSync(new Uint8Array(zipBytes)));
const requests = ctx.fake.requests;
const abandoned = ctx.fake.aborted;
const mattingCalls = MODEL ? modelCalls : fake.seen.length;
// The fake matting service answers in this process, so its CPU is in the job's: what one answer
// of the first product's photo costs (sending it too, so at most that), times the calls.
let fakeMattingMs = 0;
if (!MODEL) {
  const fakeFrom = process.cpuUsage();
  for (let n = 0; n < 5; n += 1) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(drawn[0]?.main ?? [])]), 'p.png');
    await (await fetch(fake.url, { method: 'POST', body: form })).arrayBuffer();
  }
  fakeMattingMs = cpuMs(fakeFrom) / 5;
}
await ctx.close();
await fake.close();
await model?.close();

// biome-ignore lint/suspicious/noExplicitAny: the job detail as the route answers it
const tasks: any[] = detail.tasks;
const total = tasks.length;
const done = tasks.filter((t) => t.status === 'done');
console.log(
  `  job ${detail.job.status}: ${JSON.stringify(detail.job.counts)} in ${(wallMs / 1000).toFixed(1)} s wall, ${(wallMs / 1000 / total).toFixed(2)} s per product × site`,
);
console.log(
  `  the job page's read of the detail: ${pageReadMs.toFixed(1)} ms CPU (${total} tasks; read every 250 ms, as this bench did until issue 52's last figures, the page costs ${(((pageReadMs / 1000) * (wallMs / 250)) / total).toFixed(2)} s CPU per product × site, not counted above)`,
);
console.log(
  `  main thread stalls while the job ran: longest ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
);
for (const t of tasks.filter((t) => t.status !== 'done'))
  console.log(`    ${t.productName} × ${t.siteName}: ${t.status} ${t.reason}`);
for (const [text, n] of warnings)
  if (!text.startsWith('AI 绘画未配置')) console.log(`    server log ${n} ×: ${text}`);

// Listing calls at the fake, per product × site: first write, JSON repair, fix.
const siteBySystem = (system: string) =>
  LOCALISE_SITES.find((s) => system.includes(`为 ${s.name} 撰写`))?.id ?? '?';
const calls = new Map<string, { write: number; repair: number; fix: number }>();
let translateCalls = 0;
const translateByLanguage = new Map<string, number>();
let otherCalls = 0;
for (const request of requests) {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('[image-text-translation]')) {
    translateCalls += 1;
    const language = /from Chinese into (\w+)/.exec(system)?.[1] ?? '?';
    translateByLanguage.set(language, (translateByLanguage.get(language) ?? 0) + 1);
    continue;
  }
  if (!system.includes('listing 文案专家')) {
    otherCalls += 1;
    continue;
  }
  const name = /商品名称：(.*)/.exec(request.messages.find((m) => m.role === 'user')?.content ?? '')?.[1];
  const key = `${name} × ${siteBySystem(system)}`;
  const count = calls.get(key) ?? { write: 0, repair: 0, fix: 0 };
  const last = request.messages.findLast((m) => m.role === 'user')?.content ?? '';
  if (last.includes('违反了这些规则')) count.fix += 1;
  else if (last.includes('这不是有效的 JSON')) count.repair += 1;
  else count.write += 1;
  calls.set(key, count);
}
const counts = [...calls.values()];
const sum = (key: 'write' | 'repair' | 'fix') => counts.reduce((s, c) => s + c[key], 0);
const over = [...calls].filter(([, c]) => c.write > 1 || c.fix > 1);
console.log(
  `  listing calls: ${sum('write')} writes, ${sum('fix')} fixes, ${sum('repair')} JSON repairs for ${calls.size} product × site (${(requests.length / total).toFixed(2)} chat calls per product × site in all); at most ${Math.max(0, ...counts.map((c) => c.write))} write and ${Math.max(0, ...counts.map((c) => c.fix))} fix for one`,
);
console.log(
  over.length === 0
    ? '    OK: no product × site had more than one write and one fix'
    : `    OVER THE LIMIT (one write + one fix): ${over.map(([k, c]) => `${k} ${JSON.stringify(c)}`).join('; ')}`,
);
console.log(
  `  translation calls: ${translateCalls} (${[...translateByLanguage].map(([l, n]) => `${l} ${n}`).join(', ')}) for ${pictureCount * SITES.length} detail pictures × sites; other chat calls: ${otherCalls}; answers the server gave up on before their end: ${abandoned}`,
);
if (!MODEL)
  console.log(
    `    the fake matting service's own CPU: at most ${fakeMattingMs.toFixed(0)} ms an answer, ${((fakeMattingMs * mattingCalls) / 1000).toFixed(1)} s in all (${((fakeMattingMs * mattingCalls * 100) / jobCpuMs).toFixed(1)}% of the job's CPU; the fake OpenAI's JavaScript was under 0.1% in a CPU profile)`,
  );
console.log(
  `  matting calls: ${mattingCalls} (${(mattingCalls / total).toFixed(2)} per product × site: the main image, found again after text is erased, and each detail picture's product)`,
);

const ready = done.filter((t) => t.ready).length;
console.log(
  `  可以上架: ${ready} of ${total} product × site (${((ready / total) * 100).toFixed(0)}%); fixed once: ${done.filter((t) => t.fixed).length}; 术语表 misses: ${done.reduce((s, t) => s + t.glossaryMisses.length, 0)}`,
);
const failing = new Map<string, { level: string; count: number; example: string }>();
for (const task of done)
  for (const rule of task.rules.filter((r: { pass: boolean }) => !r.pass)) {
    const entry = failing.get(rule.ruleId) ?? { level: rule.level, count: 0, example: '' };
    entry.count += 1;
    entry.example ||= `${task.productName} × ${task.siteName}: ${rule.place} ${rule.message}`;
    failing.set(rule.ruleId, entry);
  }
const worst = [...failing].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
console.log(worst.length === 0 ? '  no rule failed' : '  rules failing most often:');
for (const [id, f] of worst)
  console.log(
    `    ${String(f.count).padStart(3)} × ${id} (${f.level === 'required' ? '必须' : '建议'}), e.g. ${f.example}`,
  );

// Uses: estimated, charged (today's usage), summed over the tasks, and the files in the ZIP.
const charged: Record<string, number> = {};
for (const task of done)
  for (const [feature, n] of Object.entries(task.charged as Record<string, number>))
    charged[feature] = (charged[feature] ?? 0) + n;
const delivered = {
  chat: zip.filter((f) => f.endsWith('/listing.csv')).length,
  cutout: zip.filter((f) => /\/main\.\w+$/.test(f)).length,
  // Every detail picture drawn here carries Chinese, so each one in the ZIP is a translation.
  translate: zip.filter((f) => f.includes('/pictures/')).length,
};
for (const feature of ['chat', 'cutout', 'translate'] as const) {
  const estimated = plan.uses.find((u: { feature: string }) => u.feature === feature)?.need ?? 0;
  const today = (used[feature] ?? 0) - (before[feature] ?? 0);
  const mark = today === delivered[feature] && today === (charged[feature] ?? 0) ? 'OK' : 'MISMATCH';
  console.log(
    `  ${feature.padEnd(9)} estimated ${estimated}, charged ${today} (tasks say ${charged[feature] ?? 0}), delivered ${delivered[feature]}: ${mark}`,
  );
}
console.log(
  `  ZIP: ${zip.length} entries (${delivered.chat} listing.csv, ${delivered.cutout} main images, ${delivered.translate} pictures, report.csv and ${zip.filter((f) => !f.includes('/') && f !== 'report.csv').length} site CSVs)`,
);

// Issue 52: what was computed against what was delivered (and, with BENCH_BEFORE=1, the same products
// as one job per product × site first, where nothing is shared: as every job was before).
const afterFigures: PhaseFigures = {
  tasks: total,
  wallMs,
  cpuMs: jobCpuMs,
  computed,
  delivered: deliveredBy([detail]),
  translateCalls,
};
const line = (label: string, f: PhaseFigures) =>
  `    ${label.padEnd(28)} main images made ${f.computed.main} for ${f.delivered.main} delivered, pictures translated ${f.computed.translate} for ${f.delivered.translate} delivered (${f.translateCalls} translation calls); ${(f.wallMs / 1000).toFixed(1)} s wall, ${(f.cpuMs / 1000 / f.tasks).toFixed(2)} s CPU per product × site`;
console.log('  computed once, delivered per site (issue 52):');
if (beforeFigures) console.log(line('before (nothing shared):', beforeFigures));
console.log(line('shared within the job:', afterFigures));
if (beforeFigures)
  console.log(
    `    CPU per product × site: ${((afterFigures.cpuMs / afterFigures.tasks / (beforeFigures.cpuMs / beforeFigures.tasks)) * 100).toFixed(0)}% of before; wall ${((afterFigures.wallMs / beforeFigures.wallMs) * 100).toFixed(0)}%`,
  );
