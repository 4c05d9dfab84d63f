import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { bareText } from '../src/imaging/ocr/index.ts';
import type { MattingEngine } from '../src/providers/matting/matting-engine.ts';
import { onnxMatting } from '../src/providers/matting/onnx-matting.ts';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { csvAsRead } from './csv-helpers.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { drawProductScene, PRODUCT_SCENES, type ProductScene, SCENE_SIDE } from './fakes/product-scenes.ts';
import { CornerColourMatting, postForm } from './studio-helpers.ts';

/**
 * 图片翻译 keeps the text printed on the product by default. The product is found by the real
 * bundled matting model (about 2–4 s an image on 2 cores): a double would only find what it was
 * told, and what matters here is what the model makes of a bottle, a box and a poster.
 */

const scene = (name: string) => PRODUCT_SCENES.find((s) => s.name === name) as ProductScene;
const BOTTLE = scene('bottle with a label');
const TEA_BOX = scene('tea box');

type Box = { x: number; y: number; width: number; height: number };
type Kept = { text: string; box: Box; reason: string };

/** Mean absolute difference of the RGB values of two same-sized images inside `box`. */
async function differenceIn(a: Buffer, b: Buffer, box: Box): Promise<number> {
  const pixels = (image: Buffer) =>
    sharp(image)
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .raw()
      .toBuffer();
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i += 1) sum += Math.abs((pa[i] as number) - (pb[i] as number));
  return sum / pa.length;
}

/** The box a writing was drawn in, roughly (its ink starts at left/top). */
const drawnBox = (w: Writing): Box => ({
  x: w.left,
  y: w.top,
  width: Math.round(w.text.length * w.size * 0.9),
  height: Math.round(w.size * 1.1),
});

const bare = (texts: string[]) => texts.map(bareText).sort();

/** The real matting engine, counting its calls (the batch reuses a matte it already has). */
function countedMatting(): MattingEngine & { calls: number } {
  const cores = availableParallelism();
  const engine = onnxMatting({ model: 'medium', workers: 1, queue: 8, cores });
  const counted = {
    name: engine.name,
    calls: 0,
    matte: (image: Buffer) => {
      counted.calls += 1;
      return engine.matte(image);
    },
    warmUp: () => engine.warmUp(),
    close: () => engine.close(),
  };
  return counted;
}

describe('图片翻译 keeps the text printed on the product', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  let matting: ReturnType<typeof countedMatting>;
  let bottle: Buffer;
  before(async () => {
    matting = countedMatting();
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000', BATCH_WORKERS: '1' }, {}, { matting });
    bottle = await drawProductScene(BOTTLE);
  });
  after(async () => {
    await ctx?.close();
    await matting?.close();
  });

  const translate = (fields: Record<string, string>, bytes: Buffer) =>
    postForm(ctx.app, '/api/v1/translate/image', ctx.token, fields, [
      { field: 'file', name: 'a.png', bytes },
    ]);
  const used = async () =>
    (await get(ctx.app, '/api/v1/info', auth(ctx.token)))
      .json()
      .data.usage.find((u: { feature: string }) => u.feature === 'translate').used as number;

  it('by default: the label is kept, untouched, and not counted as leftover; the selling points around it are translated', async () => {
    const answered = await translate({ target: 'en' }, bottle);
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().msg, '翻译完成，商品上的文字 2 处已保留');
    const result = answered.json().data;
    assert.equal(result.productText, 'keep');
    const onProduct = result.kept.filter((k: Kept) => k.reason === 'product');
    assert.deepEqual(bare(onProduct.map((k: Kept) => k.text)), bare(BOTTLE.onProduct.map((w) => w.text)));
    assert.deepEqual(
      bare(result.blocks.map((b: { source: string }) => b.source)),
      bare(BOTTLE.around.map((w) => w.text)),
    );
    assert.equal(result.residual.count, 0, 'the kept label is no leftover');

    const drawn = (await get(ctx.app, result.resultUrl)).rawPayload;
    for (const kept of onProduct)
      assert.ok((await differenceIn(bottle, drawn, kept.box)) < 0.5, `${kept.text} is untouched`);
    for (const point of BOTTLE.around)
      assert.ok((await differenceIn(bottle, drawn, drawnBox(point))) > 5, `${point.text} is redrawn`);
  });

  it('a round 「包邮」 badge drawn over the bottle is the advert’s, not the print: translated, the label still kept', async () => {
    const BADGE = scene('round badge on a bottle');
    // A seller of its own: the suite's seller spends its five free translations on the other tests.
    const seller = await registerUser(ctx, '13900007703', { ip: '10.71.0.3' });
    const answered = await postForm(ctx.app, '/api/v1/translate/image', seller, { target: 'en' }, [
      { field: 'file', name: 'badge.png', bytes: await drawProductScene(BADGE) },
    ]);
    assert.equal(answered.statusCode, 200, answered.body);
    const result = answered.json().data;
    const onProduct = result.kept.filter((k: Kept) => k.reason === 'product');
    assert.deepEqual(bare(onProduct.map((k: Kept) => k.text)), bare(BADGE.onProduct.map((w) => w.text)));
    assert.deepEqual(bare(result.blocks.map((b: { source: string }) => b.source)), ['包邮']);
    assert.equal(result.residual.count, 0);
  });

  it('productText=translate translates the label too', async () => {
    const answered = await translate({ target: 'en', productText: 'translate' }, bottle);
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().msg, '翻译完成');
    const result = answered.json().data;
    assert.equal(result.productText, 'translate');
    assert.equal(result.kept.filter((k: Kept) => k.reason === 'product').length, 0);
    const sources = bare(result.blocks.map((b: { source: string }) => b.source));
    for (const w of BOTTLE.onProduct) assert.ok(sources.includes(bareText(w.text)), w.text);
    const drawn = (await get(ctx.app, result.resultUrl)).rawPayload;
    assert.ok((await differenceIn(bottle, drawn, drawnBox(BOTTLE.onProduct[0] as Writing))) > 5);
  });

  it('a poster of selling points on a panel and a badge, no product: translated as before', async () => {
    const poster = await writeChinese(
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_SIDE}" height="${SCENE_SIDE}"><rect width="100%" height="100%" fill="#eef4f8"/><rect x="60" y="150" width="500" height="700" rx="30" fill="#ffffff"/><circle cx="780" cy="300" r="170" fill="#e63946"/></svg>`,
        ),
      ),
      [
        { text: '加厚保暖', left: 120, top: 240, size: 52, color: '#1d3557' },
        { text: '防滑耐磨', left: 120, top: 420, size: 52, color: '#1d3557' },
        { text: '包邮', left: 730, top: 270, size: 52, color: '#ffffff' },
      ],
    );
    const answered = await translate({ target: 'en' }, poster);
    assert.equal(answered.statusCode, 200, answered.body);
    const result = answered.json().data;
    assert.equal(result.blocks.length, 3, JSON.stringify(result.kept));
    assert.deepEqual(result.kept, []);
    assert.equal(result.residual.count, 0);
  });

  it('an image whose Chinese is all on the product: nothing to translate, no use taken, and the way to translate it said', async () => {
    const packshot = await drawProductScene({ ...TEA_BOX, around: [] });
    const before = await used();
    const refused = await translate({ target: 'en' }, packshot);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.json().msg, /都印在商品上.*不扣次数.*取消勾选「保留商品上的文字」/);
    assert.equal(await used(), before);
    const translated = await translate({ target: 'en', productText: 'translate' }, packshot);
    assert.equal(translated.statusCode, 200, translated.body);
    assert.equal(translated.json().data.blocks.length, 2);
    assert.equal(await used(), before + 1);
  });

  it('refuses an unknown productText in Chinese', async () => {
    const refused = await translate({ target: 'en', productText: 'maybe' }, bottle);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().msg, /productText/);
  });

  it('drawing edits again does not count the kept text as leftover when the client says what was kept', async () => {
    const result = (await translate({ target: 'en' }, bottle)).json().data;
    const kept = result.kept.map((k: Kept) => k.text);
    const body = { backgroundId: result.backgroundId, target: 'en', blocks: result.blocks };
    const counted = await post(ctx.app, '/api/v1/translate/render', body, auth(ctx.token));
    assert.equal(counted.statusCode, 200, counted.body);
    assert.ok(counted.json().data.residual.count >= 5, 'without the list, the label counts as leftover');
    const told = await post(ctx.app, '/api/v1/translate/render', { ...body, kept }, auth(ctx.token));
    assert.equal(told.statusCode, 200, told.body);
    assert.equal(told.json().data.residual.count, 0);
  });

  /** A 批量处理 job of the bottle with `steps`, run to the end; its ZIP. */
  const batchOfBottle = async (seller: string, steps: object) => {
    const created = await postForm(ctx.app, '/api/v1/batch/jobs', seller, { steps: JSON.stringify(steps) }, [
      { field: 'files[]', name: 'bottle.png', bytes: bottle },
    ]);
    assert.equal(created.statusCode, 200, created.body);
    const jobId = created.json().data.id;
    let status = 'waiting';
    for (let i = 0; i < 600 && ['waiting', 'processing'].includes(status); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const read = (await get(ctx.app, `/api/v1/batch/jobs/${jobId}`, auth(seller))).json().data;
      status = read.items[0]?.status ?? 'waiting';
    }
    assert.equal(status, 'done');
    const { url } = (await get(ctx.app, `/api/v1/batch/jobs/${jobId}/download`, auth(seller))).json().data;
    return unzipSync(new Uint8Array((await ctx.app.inject({ method: 'GET', url })).rawPayload));
  };

  it('the 批量处理 step keeps it too, with one matte per image shared with the cut-out', async () => {
    // A seller of their own: the free daily uses went on the tests above.
    const seller = await registerUser(ctx, '13900007701', { ip: '10.71.0.1' });
    const calls = matting.calls;
    const zip = await batchOfBottle(seller, {
      cutout: true,
      marketplaces: [],
      backgroundColor: null,
      translate: 'en',
    });
    assert.equal(matting.calls, calls + 1, 'the cut-out’s matte found the product for the translation');
    const translated = Buffer.from(zip['图片翻译/bottle.png'] as Uint8Array);
    assert.ok(zip['抠图/bottle.png'], Object.keys(zip).join(', '));
    for (const w of BOTTLE.onProduct)
      assert.ok((await differenceIn(bottle, translated, drawnBox(w))) < 0.5, `${w.text} is untouched`);
    for (const w of BOTTLE.around)
      assert.ok((await differenceIn(bottle, translated, drawnBox(w))) > 5, `${w.text} is redrawn`);
    const report = csvAsRead(new TextDecoder().decode(zip['report.csv']));
    assert.match(report, /bottle\.png,,图片翻译,残留中文,必须,0 个字,通过,/);
    // What was kept, and how to translate it after all.
    assert.match(
      report,
      new RegExp(`bottle\\.png,,图片翻译,商品上的文字已保留,建议,${BOTTLE.onProduct.length} 处：`),
    );
    assert.match(report, /取消「保留商品上的文字」/);
  });

  it('a 批量处理 job told to translate the product text translates the label too, without matting', async () => {
    const seller = await registerUser(ctx, '13900007702', { ip: '10.71.0.2' });
    const calls = matting.calls;
    const zip = await batchOfBottle(seller, {
      cutout: false,
      marketplaces: [],
      backgroundColor: null,
      translate: 'en',
      translateProductText: true,
    });
    assert.equal(matting.calls, calls, 'no product to look for');
    const translated = Buffer.from(zip['图片翻译/bottle.png'] as Uint8Array);
    for (const w of [...BOTTLE.onProduct, ...BOTTLE.around])
      assert.ok((await differenceIn(bottle, translated, drawnBox(w))) > 5, `${w.text} is redrawn`);
    assert.doesNotMatch(csvAsRead(new TextDecoder().decode(zip['report.csv'])), /商品上的文字已保留/);
  });
});

describe('图片翻译 when the product cannot be looked for', () => {
  it('says the product finder is busy, with the way round it, gives the use back, and does not translate the label behind the seller’s back', async () => {
    const matting = new CornerColourMatting();
    const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' }, {}, { matting });
    try {
      const bottle = await drawProductScene(BOTTLE);
      const send = (fields: Record<string, string>) =>
        postForm(ctx.app, '/api/v1/translate/image', ctx.token, fields, [
          { field: 'file', name: 'a.png', bytes: bottle },
        ]);
      matting.next = 'busy';
      const busy = await send({ target: 'en' });
      assert.equal(busy.statusCode, 429, busy.body);
      assert.match(busy.json().msg, /^识别商品的人太多了，请 7 秒后再试.*取消勾选「保留商品上的文字」/);
      assert.doesNotMatch(busy.json().msg, /抠图/, 'the seller asked for a translation, not 抠图');
      const usage = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data.usage;
      assert.equal(usage.find((u: { feature: string }) => u.feature === 'translate').used, 0);
      assert.equal(ctx.fake.requests.length, 0, 'the chat provider was not asked');
      const calls = matting.calls;
      const anyway = await send({ target: 'en', productText: 'translate' });
      assert.equal(anyway.statusCode, 200, anyway.body);
      assert.equal(matting.calls, calls, 'translating everything does not look for the product');
    } finally {
      await ctx.close();
    }
  });
});
