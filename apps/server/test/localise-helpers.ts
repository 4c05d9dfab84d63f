import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import sharp from 'sharp';
import type { App } from '../src/app.ts';
import { auth, get, post, setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { usePostgres } from './postgres-app.ts';
import { postForm, productPhoto } from './studio-helpers.ts';

/** 一键出海's tests: a product as the listing form gives it, and its photo. */

/** 保温杯 by Chuhai, the listing form's facts. */
export const CUP_FACTS = {
  productName: '保温杯',
  brand: 'Chuhai',
  material: '304 不锈钢',
  size: '750 ml',
  sellingPoints: '保冷 24 小时',
  keywords: '保温杯',
  inTheBox: '水杯 1 个',
};

/** A dark product in the middle of a plain backdrop, as a seller photographs it. */
export const cupPhoto = (colour = '#331111') =>
  productPhoto({
    width: 800,
    height: 600,
    box: { left: 200, top: 150, width: 400, height: 300 },
    product: colour,
  });

/**
 * A supplier's detail picture: Chinese selling points in red on cream (the fake rembg takes only
 * pixels darker than 200 in red for the product, so the text is not on it) beside a dark product.
 */
export async function chinesePicture(lines: [string, string]): Promise<Buffer> {
  const base = await productPhoto({
    width: 800,
    height: 600,
    box: { left: 520, top: 200, width: 200, height: 260 },
    background: '#f4efe6',
    product: '#331111',
  });
  return writeChinese(sharp(base), [
    { text: lines[0], left: 60, top: 100, size: 48, color: '#e63946' },
    { text: lines[1], left: 60, top: 380, size: 40, color: '#e63946' },
  ]);
}

/** A detail picture without any text, on the same cream: delivered as it came, not charged. */
export const plainPicture = () =>
  productPhoto({
    width: 800,
    height: 600,
    box: { left: 250, top: 150, width: 300, height: 300 },
    background: '#f4efe6',
    product: '#331111',
  });

/** `POST /api/v1/localise/photos`: the photo's id. */
export async function uploadLocalisePhoto(
  app: Parameters<typeof postForm>[0],
  token: string,
  bytes: Buffer,
): Promise<number> {
  const res = await postForm(app, '/api/v1/localise/photos', token, {}, [
    { field: 'file', name: 'p.png', bytes },
  ]);
  assert.equal(res.json().code, 200, res.body);
  return res.json().data.id;
}

export type JobCtx = Awaited<ReturnType<typeof buildChatApp>> & {
  rembg: Awaited<ReturnType<typeof startFakeRembg>>;
};

/**
 * An app with a worker, fake rembg and the fake OpenAI (`env`: the database's settings);
 * `freeLimit`, when given, is today's free uses of each feature a job uses.
 */
export async function buildJobApp(env: Record<string, string> = {}, freeLimit?: number): Promise<JobCtx> {
  const rembg = await startFakeRembg();
  // The chat tests' 400 ms idle limit would fail a site when a loaded machine makes the fake slow
  // to start an answer: a job's tests are about charging and outputs, not about a silent provider.
  const ctx = await buildChatApp({
    BATCH_WORKERS: '1',
    MATTING_URL: rembg.url,
    LLM_IDLE_TIMEOUT_MS: '20000',
    ...env,
  });
  await ctx.app.ready();
  if (freeLimit !== undefined)
    for (const feature of ['chat', 'cutout', 'translate'] as const)
      await setFreeLimit(ctx.app, feature, freeLimit);
  return {
    ...ctx,
    rembg,
    close: async () => {
      await ctx.close();
      await rembg.close();
    },
  };
}

/** Whole jobs on SQLite with the table queue, then on PostgreSQL with pg-boss. */
export function onBothQueues(title: string, suite: (ctx: () => JobCtx) => void, freeLimit?: number) {
  describe(`${title} (SQLite, table queue, fake rembg and fake OpenAI)`, () => {
    let ctx: JobCtx;
    before(async () => {
      ctx = await buildJobApp({}, freeLimit);
    });
    after(() => ctx.close());
    suite(() => ctx);
  });
  describe(`${title} (PostgreSQL, pg-boss, fake rembg and fake OpenAI)`, () => {
    suite(usePostgres((env) => buildJobApp(env, freeLimit)));
  });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the answer has
export type Detail = any;

/** The task of a job's detail made for `site`. */
export const taskOf = (detail: Detail, site: string) =>
  detail.tasks.find((t: { site: string }) => t.site === site) as Detail;

/** The file behind a signed link, as the browser fetches it. */
export async function fetchLink(ctx: { app: App }, url: string): Promise<Buffer> {
  const res = await ctx.app.inject({ method: 'GET', url });
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
  return res.rawPayload;
}

/** `POST /api/v1/localise` of one product to `sites` (it must be taken): the answer's job and tasks. */
export async function startLocalise(
  ctx: { app: App; token: string },
  product: object,
  sites: string[],
): Promise<Detail> {
  const start = await post(ctx.app, '/api/v1/localise', { products: [product], sites }, auth(ctx.token));
  assert.equal(start.json().code, 200, start.body);
  return start.json().data;
}

/** The job's detail once it is no longer running (five minutes: OCR on a busy machine is slow). */
export async function waitForJob(ctx: JobCtx, jobId: number): Promise<Detail> {
  let detail = (await get(ctx.app, `/api/v1/localise/${jobId}`, auth(ctx.token))).json().data;
  for (let deadline = Date.now() + 300_000; detail.job.status === 'running' && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    detail = (await get(ctx.app, `/api/v1/localise/${jobId}`, auth(ctx.token))).json().data;
  }
  return detail;
}
