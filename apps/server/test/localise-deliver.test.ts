import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findLocaliseSite, type LocaliseProduct, type LocaliseSite } from '@chuhai/contract';
import { AppError } from '../src/lib/app-error.ts';
import { deliver, type MadeOutputs } from '../src/modules/localise/deliver.ts';
import { untranslated } from '../src/modules/localise/steps.ts';
import { deleteAccount, setFreeLimit } from './account-helpers.ts';

import { buildChatApp } from './chat-helpers.ts';
import { startLocalise } from './localise-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { postForm, productPhoto } from './studio-helpers.ts';

/**
 * 一键出海's delivery, called as the worker calls it: the listing and the 图片翻译 a product × site
 * leaves the seller are written in the transaction that charges it, so a delivery rolled back (the
 * task taken back by another worker, or today's quota gone) leaves no row and no file behind.
 */

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

const FACTS = {
  productName: '保温杯',
  brand: 'Chuhai',
  material: '',
  size: '',
  sellingPoints: '',
  keywords: '',
  inTheBox: '',
};

const png = (colour: string) =>
  productPhoto({
    width: 400,
    height: 300,
    box: { left: 100, top: 75, width: 200, height: 150 },
    background: colour,
  });

/** What the steps made for one site: a listing, a main image, one translated picture and one plain. */
async function madeOutputs(): Promise<MadeOutputs> {
  const text = {
    title: 'Chuhai Vacuum Flask 750 ml',
    bullets: ['Keeps cold 24 h'],
    description: 'A flask.',
    searchTerms: 'flask',
  };
  return {
    listing: { text, zh: { ...text, title: '出海牌保温杯' }, firstIssues: [], issues: [] },
    mainImage: { bytes: await png('#ffffff') },
    pictures: [
      {
        bytes: await png('#eeeeee'),
        extension: 'png',
        translated: true,
        residual: 0,
        overflow: 0,
        missedTerms: [],
        restoredNumbers: [],
        made: {
          target: 'en',
          width: 400,
          height: 300,
          blocks: [],
          productText: 'keep',
          kept: [],
          residual: { count: 0, boxes: [] },
          legibility: null,
          glossary: { used: [], missed: [] },
          background: await png('#dddddd'),
          result: await png('#eeeeee'),
          source: await png('#cccccc'),
        },
      },
      untranslated({ bytes: await png('#bbbbbb'), extension: 'png' }),
    ],
    rules: [],
    misses: [],
  };
}

/** The deps with a file store that remembers every key written, to see each one deleted again. */
function recordingDeps(ctx: Ctx) {
  const deps = ctx.app.deps;
  const written: string[] = [];
  const files = {
    ...deps.files,
    kind: deps.files.kind,
    get: deps.files.get.bind(deps.files),
    delete: deps.files.delete.bind(deps.files),
    put: async (key: string, bytes: Buffer, type: string) => {
      written.push(key);
      await deps.files.put(key, bytes, type);
    },
  };
  return { deps: { ...deps, files }, written };
}

async function rowsOf(ctx: Ctx, userId: number) {
  const db = ctx.app.deps.db;
  const count = async (table: 'listings' | 'translations' | 'stored_images', kinds?: string[]) => {
    let query = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId);
    if (kinds) query = query.where('kind' as never, 'in', kinds as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  return {
    listings: await count('listings'),
    translations: await count('translations'),
    pictures: await count('stored_images', ['translate', 'translate-bg', 'translate-src']),
  };
}

function deliverSuite(ctx: () => Ctx) {
  let task: { userId: number; jobId: number; taskId: number; claimedAt: number };
  let product: LocaliseProduct;
  const site = findLocaliseSite('amazon-US') as LocaliseSite;
  before(async () => {
    const upload = async () =>
      (
        await postForm(ctx().app, '/api/v1/localise/photos', ctx().token, {}, [
          { field: 'file', name: 'p.png', bytes: await png('#3366cc') },
        ])
      ).json().data.id as number;
    product = { facts: FACTS, mainPhotoId: await upload(), detailPhotoIds: [await upload(), await upload()] };
    // No worker runs here (BATCH_WORKERS=0): the test claims the task as a worker would.
    const started = await startLocalise(ctx(), product, ['amazon-US']);
    const taskId = started.tasks[0].id as number;
    const claimedAt = ctx().clock.now();
    const db = ctx().app.deps.db;
    await db
      .updateTable('localise_tasks')
      .set({ status: 'processing', claimed_at: claimedAt })
      .where('id', '=', taskId)
      .execute();
    const row = await db
      .selectFrom('localise_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    task = { userId: Number(row.user_id), jobId: Number(row.job_id), taskId, claimedAt };
  });

  it('taken back by another worker meanwhile: rolled back, no listing, no 图片翻译 and its pictures deleted', async () => {
    const before = await rowsOf(ctx(), task.userId);
    const { deps, written } = recordingDeps(ctx());
    const made = await madeOutputs();
    const taken = await deliver(deps, { ...task, claimedAt: task.claimedAt - 1 }, product, site, made);
    assert.equal(taken, 'taken back');
    assert.deepEqual(await rowsOf(ctx(), task.userId), before);
    assert.equal(written.length, 6, 'main, 2 pictures, and the 图片翻译’s 3 pictures');
    // The job folder's files stay: the run that took the task over writes and delivers the same keys.
    const own = written.filter((key) => /^u\/\d+\/translate/.test(key));
    assert.equal(own.length, 3);
    for (const key of own) assert.equal(await ctx().app.deps.files.get(key), null, `${key} deleted`);
  });

  it('today’s quota gone by delivery: the quota’s refusal comes back, nothing left behind, nothing charged', async () => {
    const before = await rowsOf(ctx(), task.userId);
    await setFreeLimit(ctx().app, 'translate', 0);
    try {
      const { deps, written } = recordingDeps(ctx());
      const refused = await deliver(deps, task, product, site, await madeOutputs());
      assert.ok(refused instanceof AppError);
      assert.match(refused.message, /图片翻译/);
      assert.deepEqual(await rowsOf(ctx(), task.userId), before);
      assert.equal(written.length, 6);
      for (const key of written) assert.equal(await ctx().app.deps.files.get(key), null, `${key} deleted`);
    } finally {
      await setFreeLimit(ctx().app, 'translate', 5);
    }
  });

  it('delivered: one listing and one 图片翻译 (the plain picture has none), their ids in the task’s result', async () => {
    const before = await rowsOf(ctx(), task.userId);
    assert.equal(await deliver(ctx().app.deps, task, product, site, await madeOutputs()), 'delivered');
    assert.deepEqual(await rowsOf(ctx(), task.userId), {
      listings: before.listings + 1,
      translations: before.translations + 1,
      pictures: before.pictures + 3,
    });
    const row = await ctx()
      .app.deps.db.selectFrom('localise_tasks')
      .selectAll()
      .where('id', '=', task.taskId)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'done');
    const result = JSON.parse(row.result);
    assert.ok(Number.isInteger(result.listingId));
    assert.deepEqual(
      result.files.map((f: { kind: string; translated?: boolean; documentId?: number }) => [
        f.kind,
        f.translated ?? null,
        Number.isInteger(f.documentId),
      ]),
      [
        ['main', null, false],
        ['picture', true, true],
        ['picture', false, false],
      ],
    );
  });

  it('注销账号 erases the listing and the 图片翻译 the delivery left, like the seller’s own', async () => {
    const gone = await deleteAccount(ctx(), '13900001111', ctx().token, '10.72.0.9');
    assert.equal(gone.json().code, 200, gone.body);
    assert.deepEqual(await rowsOf(ctx(), task.userId), { listings: 0, translations: 0, pictures: 0 });
  });
}

describe('一键出海 delivery (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  deliverSuite(() => ctx);
});

describe('一键出海 delivery (PostgreSQL)', () => {
  deliverSuite(usePostgres((env) => buildChatApp(env)));
});
