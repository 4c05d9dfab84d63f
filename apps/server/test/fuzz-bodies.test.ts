import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { adminWithTotp, auth, post, registerUser } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { CornerColourMatting, postForm } from './studio-helpers.ts';
import { translateDrawn } from './translate-helpers.ts';

/**
 * What clients send when they are broken or hostile, against the newest request bodies: each field
 * of a valid body replaced by out-of-range, huge, wrongly typed or malformed values, and whole
 * bodies that are not objects. Every answer must be a 4xx (never a 500) with a Chinese message,
 * and none may be slow to refuse.
 */

/** A small seeded generator, so a failure comes back the same on the next run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HUGE_TEXT = '长'.repeat(200_000);
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

/** Values no field of ours takes as they are. */
const BAD_VALUES: unknown[] = [
  null,
  -1,
  0,
  2 ** 53,
  -(2 ** 31),
  1.5,
  1e308,
  '',
  ' ',
  '\u0000',
  '\uD800 lone half',
  'NaN',
  '1e9999',
  '<script>alert(1)</script>',
  HUGE_TEXT,
  true,
  [],
  Array.from({ length: 5_000 }, () => 1),
  {},
  { __proto__: { polluted: true } },
  nested(200),
  '#zzzzzz',
  '../../etc/passwd',
];

/** Each field replaced in turn by each bad value, then `extra` random mixes of several fields. */
function* mutations(valid: Record<string, unknown>, extra: number, seed: number) {
  for (const key of Object.keys(valid)) for (const value of BAD_VALUES) yield { ...valid, [key]: value };
  const pick = random(seed);
  for (let i = 0; i < extra; i += 1) {
    const body: Record<string, unknown> = { ...valid };
    for (const key of Object.keys(valid))
      if (pick() < 0.4) body[key] = BAD_VALUES[Math.floor(pick() * BAD_VALUES.length)];
    yield body;
  }
  for (const whole of [null, [], 'text', 42, nested(300), { unknown: true }]) yield whole;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Path ids that are no id: zero, negative, past any integer, not a number. */
const BAD_IDS = ['0', '-1', '1e99', '1e9999', 'Infinity', 'abc', '9'.repeat(40), '%00'];

function assertRefusedWell(response: { statusCode: number; body: string }, what: unknown) {
  const shown = JSON.stringify(what)?.slice(0, 160);
  assert.ok(response.statusCode < 500, `${response.statusCode} for ${shown}: ${response.body.slice(0, 200)}`);
  if (response.statusCode >= 400) {
    const msg = JSON.parse(response.body).msg as string;
    assert.match(msg, CHINESE, `a Chinese message for ${shown}: ${msg}`);
  }
}

describe('worst-case request bodies', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  let admin: Awaited<ReturnType<typeof adminWithTotp>>;
  let render: Record<string, unknown>;
  before(async () => {
    ctx = await buildChatApp(
      { LLM_IDLE_TIMEOUT_MS: '20000', ADMIN_PHONES: '13700000077' },
      {},
      { matting: new CornerColourMatting() },
    );
    admin = await adminWithTotp(ctx, '13700000077');
    const result = await translateDrawn(ctx.app, ctx.token, { width: 600, height: 400 }, [
      { text: '防水透气', left: 60, top: 80, size: 48, color: '#1d3557' },
    ]);
    render = { backgroundId: result.backgroundId, target: 'en', blocks: result.blocks, kept: [] };
  });
  after(() => ctx?.close());

  it('图片翻译 · 重新生成: each field and each block field', async () => {
    // Fresh sellers as the hourly number of redraws runs out: refusals must stay 4xx either way.
    let seller = ctx.token;
    let sellers = 0;
    for (const body of mutations(render, 40, 1)) {
      const answered = await post(ctx.app, '/api/v1/translate/render', body, auth(seller));
      assertRefusedWell(answered, body);
      if (answered.statusCode === 429)
        seller = await registerUser(ctx, `1390000${String(7000 + sellers++)}`, { ip: `10.77.0.${sellers}` });
    }
    const block = (render.blocks as Record<string, unknown>[])[0] as Record<string, unknown>;
    for (const broken of mutations(block, 40, 2)) {
      const body = { ...render, blocks: [broken] };
      assertRefusedWell(await post(ctx.app, '/api/v1/translate/render', body, auth(ctx.token)), body);
    }
  });

  it('术语表: adding and editing a term', async () => {
    const valid = { source: '出海牌', target: 'all', translation: 'Chuhai' };
    for (const body of mutations(valid, 40, 3)) {
      assertRefusedWell(await post(ctx.app, '/api/v1/translate/glossary', body, auth(ctx.token)), body);
      assertRefusedWell(await post(ctx.app, '/api/v1/translate/glossary/1', body, auth(ctx.token)), body);
    }
    for (const id of BAD_IDS)
      assertRefusedWell(await post(ctx.app, `/api/v1/translate/glossary/${id}`, valid, auth(ctx.token)), id);
  });

  it('渠道: adding and editing a channel', async () => {
    const valid = {
      kind: 'chat',
      name: '模糊测试',
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      keys: ['sk-fuzz-1234'],
      models: ['fake-standard'],
      modelMap: {},
      priority: 1,
      weight: 1,
      enabled: false,
      priceInput: 1,
      priceOutput: 2,
      priceImage: 0,
    };
    for (const body of mutations(valid, 40, 4)) {
      const signed =
        body && typeof body === 'object' && !Array.isArray(body) ? { ...body, totp: admin.code() } : body;
      assertRefusedWell(await post(ctx.app, '/api/admin/channels', signed, auth(admin.token)), body);
      assertRefusedWell(await post(ctx.app, '/api/admin/channels/1', signed, auth(admin.token)), body);
    }
    for (const id of BAD_IDS) {
      const signed = { ...valid, totp: admin.code() };
      assertRefusedWell(await post(ctx.app, `/api/admin/channels/${id}`, signed, auth(admin.token)), id);
      assertRefusedWell(await post(ctx.app, `/api/admin/channels/${id}/delete`, {}, auth(admin.token)), id);
    }
  });

  it('批量处理: the steps of a job', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#dd2222' } })
      .jpeg()
      .toBuffer();
    const valid = {
      cutout: true,
      marketplaces: ['amazon'],
      backgroundColor: null,
      backgroundDesign: null,
      translate: null,
      translateProductText: false,
    };
    const tries = [...mutations(valid, 20, 5)].map((steps) => JSON.stringify(steps));
    tries.push('{', 'null', '"steps"', '[]', '{"cutout":', 'x'.repeat(300_000));
    for (const steps of tries) {
      const answered = await postForm(ctx.app, '/api/v1/batch/jobs', ctx.token, { steps }, [
        { field: 'files[]', name: 'a.jpg', bytes: photo },
      ]);
      assertRefusedWell(answered, steps);
      // A valid mutation starts a job: cancel it so the next ones are not refused as one too many.
      if (answered.statusCode === 200)
        await post(ctx.app, `/api/v1/batch/jobs/${answered.json().data.id}/cancel`, {}, auth(ctx.token));
    }
  });
});
