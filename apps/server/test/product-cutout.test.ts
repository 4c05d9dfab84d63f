/**
 * Only the product in every cut-out, through the real matting model and OCR: a supplier's picture
 * of a bottle beside a column of Chinese facts. The model keeps much of the column (solid letters,
 * see-through haze); 抠图's PNG, 换背景's picture and 批量处理's outputs show the bottle alone, and
 * 换背景 sizes the bottle by itself, not by a box the column grew. 「这些都是商品」 on a stored
 * cut-out (which holds one part only) still gets every part.
 */
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { PLACEMENT_LIMITS } from '@chuhai/contract';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { makeOutputs } from '../src/modules/batch/process-image.ts';
import { onnxMatting } from '../src/providers/matting/onnx-matting.ts';
import { buildAccountApp, registerUser } from './account-helpers.ts';
import {
  COLUMN_BOTTLE,
  drawSupplierScene,
  FACTS_COLUMN,
  SUPPLIER_SCENES,
  type SupplierScene,
} from './fakes/supplier-scenes.ts';
import { drawnBox, postForm } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
type Box = { left: number; top: number; width: number; height: number };

const scene = (name: string) => SUPPLIER_SCENES.find((s) => s.name === name) as SupplierScene;
const COLUMN_SCENE = scene('bottle beside a column of facts');
const POTS = scene('pill over a set of pots');
/** The new background: a colour no part of the picture has. */
const PEACH = '#f5c6a5';

/** The highest alpha inside `box` of a PNG: 0 when nothing there is kept, not even see-through. */
async function highestAlpha(png: Buffer, box: Box): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let highest = 0;
  for (let y = box.top; y < box.top + box.height; y += 1)
    for (let x = box.left; x < box.left + box.width; x += 1)
      highest = Math.max(highest, data[(y * info.width + x) * 4 + 3] as number);
  return highest;
}

const alphaAt = (png: Buffer, x: number, y: number) =>
  highestAlpha(png, { left: x, top: y, width: 1, height: 1 });

/** The box of every pixel of a picture on PEACH that is not the background's colour. */
const drawnOnPeach = (jpeg: Buffer): Promise<Box> =>
  drawnBox(jpeg, (r, g, b) => Math.abs(r - 0xf5) + Math.abs(g - 0xc6) + Math.abs(b - 0xa5) < 150);

/**
 * The bottle alone, sized by itself on a square of `size` at `scale`: its longer side (its height)
 * `scale` of the frame, its width in the bottle's own proportion. Within 6% either way (the cut's
 * soft edge, JPEG).
 */
function assertSizedByTheBottle(drawn: Box, scale: number, size = PLACEMENT_LIMITS.outputSize) {
  const height = scale * size;
  const width = (COLUMN_BOTTLE.width / COLUMN_BOTTLE.height) * height;
  const near = (actual: number, expected: number) => Math.abs(actual - expected) <= expected * 0.06;
  assert.ok(
    near(drawn.height, height) && near(drawn.width, width),
    `drawn ${drawn.width}×${drawn.height}, the bottle alone is ${Math.round(width)}×${height}`,
  );
}

describe('only the product in every cut-out (a bottle beside a column of facts)', () => {
  const matting = onnxMatting({ model: 'medium', workers: 1, queue: 8, cores: availableParallelism() });
  const ocr = createOcrEngine();
  let ctx: Ctx;
  let token: string;
  let photo: Buffer;
  before(async () => {
    ctx = await buildAccountApp({}, { matting, ocr });
    token = await registerUser(ctx, '13500000001', { ip: '10.50.4.1' });
    photo = await drawSupplierScene(COLUMN_SCENE);
  });
  after(async () => {
    await ctx.close();
    await matting.close();
    await ocr.close();
  });

  const download = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;

  it('抠图: the transparent PNG holds the bottle and nothing over the column, not even see-through', async () => {
    const response = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [
      { name: '矿泉水.png', bytes: photo },
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const png = await download(response.json().data.cutout.url);
    assert.equal(await highestAlpha(png, FACTS_COLUMN), 0, 'the column of facts is fully transparent');
    const middle = COLUMN_BOTTLE.left + COLUMN_BOTTLE.width / 2;
    assert.ok((await alphaAt(png, middle, COLUMN_BOTTLE.top + 300)) >= 200, 'the bottle stays solid');
  });

  it('换背景: the bottle alone on the new background, sized by itself', async () => {
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      token,
      { color: PEACH, scale: '0.8', x: '0.5', y: '0.9', shadow: '0' },
      [{ name: '矿泉水.png', bytes: photo }],
    );
    assert.equal(response.statusCode, 200, response.body);
    const [made] = response.json().data.results;
    assertSizedByTheBottle(await drawnOnPeach(await download(made.image.url)), 0.8);
    // The cut-out it kept (for 修补 and the next try) is the bottle alone too.
    assert.equal(await highestAlpha(await download(made.cutout.url), FACTS_COLUMN), 0);
  });

  it('批量处理: the cut-out, the main image and the product on a colour show the bottle alone', async () => {
    const matte = await matting.matte(photo);
    const steps = { cutout: true, marketplaces: ['amazon' as const], backgroundColor: PEACH };
    const { outputs, verdicts } = await makeOutputs(photo, matte, steps, { ocr, matting });
    const output = (kind: string) => outputs.find((o) => o.kind === kind)?.bytes as Buffer;
    assert.equal(
      await highestAlpha(output('cutout'), FACTS_COLUMN),
      0,
      'the column is gone from the cut-out',
    );
    assertSizedByTheBottle(await drawnOnPeach(output('background')), 0.8);
    const main = verdicts[0]?.main;
    assert.equal(main?.pass, true, JSON.stringify(main?.rules.filter((rule) => !rule.pass)));
  });

  it('「这些都是商品」 on the stored cut-out of a set gets every item back, in a new cut-out', async () => {
    const pots = await drawSupplierScene(POTS);
    const first = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [
      { name: '花盆.png', bytes: pots },
    ]);
    assert.equal(first.statusCode, 200, first.body);
    const cut = await download(first.json().data.cutout.url);
    const potCentres = await Promise.all([170, 500, 830].map((x) => alphaAt(cut, x, 600)));
    const kept = potCentres.filter((alpha) => alpha >= 200).length;
    assert.equal(kept, 1, 'the cut-out holds one pot: the product alone');

    const all = await postForm(ctx.app, '/api/v1/remove/remove', token, {
      cutoutId: String(first.json().data.cutout.id),
      preset: 'amazon',
      allParts: '1',
    });
    assert.equal(all.statusCode, 200, all.body);
    const { cutout, main } = all.json().data;
    assert.notEqual(cutout.id, first.json().data.cutout.id, 'a new cut-out with every part');
    const png = await download(cutout.url);
    for (const x of [170, 500, 830]) assert.ok((await alphaAt(png, x, 600)) >= 200, `the pot at x ${x}`);
    assert.equal(await alphaAt(png, 500, 175), 0, 'the promotion pill is still not the product');
    assert.equal(
      main.check.pass,
      true,
      JSON.stringify(main.check.rules.filter((r: { pass: boolean }) => !r.pass)),
    );
  });
});
