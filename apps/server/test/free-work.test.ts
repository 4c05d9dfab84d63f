import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode, TRANSLATE_LIMITS, type TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import type { PixelWork } from '../src/imaging/pixel-pool.ts';
import { BlockTooLargeError, drawTranslation } from '../src/imaging/text/translate-picture.ts';
import type { AppError } from '../src/lib/app-error.ts';
import { inSellerWords } from '../src/modules/translate/picture-errors.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { FreeWorkLanes } from '../src/work/free-work-lanes.ts';
import { auth, post } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { translateDrawn } from './translate-helpers.ts';

describe('free work lanes of a node', () => {
  it('lets `lanes` in at once, lines up a few more in order, and refuses the rest at once', async () => {
    const lanes = new FreeWorkLanes(1, 2);
    const first = await lanes.enter();
    assert.ok(first);
    const order: string[] = [];
    const second = lanes.enter()?.then((leave) => {
      order.push('second');
      return leave;
    });
    const third = lanes.enter()?.then((leave) => {
      order.push('third');
      return leave;
    });
    assert.ok(second && third, 'two wait in line');
    assert.equal(lanes.enter(), null, 'the line is full: refused');
    first();
    (await second)();
    (await third)();
    assert.deepEqual(order, ['second', 'third']);
    const again = await lanes.enter();
    assert.ok(again, 'every lane given back');
  });
});

/** 图片翻译's 重新生成 is free: what one seller can make the server draw is bounded. */
describe('图片翻译 · 重新生成 under worst-case bodies', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  let translated: {
    backgroundId: number;
    width: number;
    height: number;
    blocks: { id: number; box: { x: number; y: number; width: number; height: number } }[];
  };
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    translated = await translateDrawn(ctx.app, ctx.token, { width: 800, height: 600 }, [
      { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
    ]);
  });
  after(() => ctx?.close());

  /** `count` blocks of `chars` characters at `fontSize`, each a full-width strip of the image. */
  const body = (count: number, chars: number, fontSize: number, width = translated.width) => ({
    backgroundId: translated.backgroundId,
    target: 'en',
    blocks: Array.from({ length: count }, (_, i) => ({
      ...translated.blocks[0],
      id: i + 1,
      text: 'Limited offer today '.repeat(30).slice(0, chars),
      box: {
        x: 0,
        y: i * Math.floor(translated.height / count),
        width,
        height: Math.floor(translated.height / count),
      },
      fontSize,
    })),
  });
  const render = (payload: unknown, token = ctx.token) =>
    post(ctx.app, '/api/v1/translate/render', payload, auth(token));
  const stored = () => ctx.app.db.selectFrom('stored_images').select('id').execute();

  it('refuses text that would cover the picture many times over, in Chinese, before drawing anything', async () => {
    const before = (await stored()).length;
    const worst = await render(body(TRANSLATE_LIMITS.blocks, TRANSLATE_LIMITS.blockText, 120));
    assert.equal(worst.statusCode, 400, worst.body);
    assert.match(
      worst.json().msg,
      /^要画的文字太多、字号太大（约为图片面积的 \d+ 倍）：请删减文字或调小字号后再重新生成$/,
    );
    assert.equal((await stored()).length, before, 'nothing drawn or stored');
  });

  it('answers a block too large to draw with a 4xx naming it, never a 500', async () => {
    // Within the budget of a 2000×2000 picture, but 500 Chinese characters (a brand kept as it is:
    // a line may break between any two) in a box 1 px wide: a glyph a line, taller even at half size
    // than any picture can be (Cairo stops at 32767 px).
    const side = 2000;
    const background = await sharp({ create: { width: side, height: side, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const block = {
      ...body(1, TRANSLATE_LIMITS.blockText, 170, 1).blocks[0],
      text: '出'.repeat(TRANSLATE_LIMITS.blockText),
      box: { x: 0, y: 0, width: 1, height: side },
    };
    await assert.rejects(drawTranslation(background, [block as TranslatedBlock], 'en'), (error: unknown) => {
      assert.ok(error instanceof BlockTooLargeError);
      assert.equal(error.blockId, 1);
      const said = inSellerWords(error) as AppError;
      assert.equal(said.code, ResultCode.badRequest);
      assert.match(said.message, /^文字块 1 的文字太多，在图片上画不下：请删减文字、调小字号或把它的框拉大$/);
      return true;
    });
  });

  it('draws one render at a time per seller: three more sent at once are answered 429', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => render(body(4, 200, 40))));
    assert.deepEqual(
      answers.map((a) => a.statusCode).sort(),
      [200, 429, 429, 429],
      answers.map((a) => a.body.slice(0, 200)).join('\n'),
    );
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      assert.equal(refused.json().msg, '上一次重新生成还没完成，请等它完成后再试');
      assert.ok(Number(refused.headers['retry-after']) > 0);
    }
    assert.equal((await render(body(4, 200, 40))).statusCode, 200, 'the slot is free again');
  });

  it('says a full pixel queue as 重新生成 being busy (429 with its wait), not 抠图 and not a 500', async () => {
    const deps = ctx.app.deps as { pixels: PixelWork };
    const pool = deps.pixels;
    // The node's pixel pool as it answers with its queue full (imaging/pixel-pool.ts).
    deps.pixels = {
      ...pool,
      run: async () => {
        throw new ProviderError('busy', 'the worker pool is full', { retryAfter: 6, service: 'pixels' });
      },
    };
    try {
      const refused = await render(body(1, 20, 40));
      assert.equal(refused.statusCode, 429, refused.body);
      assert.equal(refused.json().msg, '服务器正忙，重新生成请 6 秒后再试');
      assert.equal(refused.headers['retry-after'], '6');
    } finally {
      deps.pixels = pool;
    }
    assert.equal((await render(body(1, 20, 40))).statusCode, 200, 'drawn once the queue has room');
  });
});
