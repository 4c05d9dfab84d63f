/**
 * One photo, one product, one verdict: 抠图, 主图, 换背景, 批量处理 and 一键出海 all make their
 * pictures by the one recipe (imaging/product-recipe.ts). A seller who tries a photo in 抠图 and
 * then runs it through 批量处理 or 一键出海 gets the same main image and the same check, and every
 * cut-out kept holds the same product box, with the badge beside the product left out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LocaliseSite } from '@chuhai/contract';
import sharp from 'sharp';
import type { OcrEngine } from '../src/imaging/ocr/index.ts';
import { PIXELS_ON_THIS_THREAD } from '../src/imaging/pixel-pool.ts';
import { makeProductPictures, type ProductPictures } from '../src/imaging/product-recipe.ts';
import { makeOutputs } from '../src/modules/batch/process-image.ts';
import type { LocaliseDeps } from '../src/modules/localise/deps.ts';
import { mainImageStep } from '../src/modules/localise/steps.ts';
import { buildAccountApp, registerUser } from './account-helpers.ts';
import { alphaBox, CornerColourMatting, postForm } from './studio-helpers.ts';

/** A red product with a yellow badge apart from it, on blue: the badge is no part of the product. */
const PRODUCT = { left: 500, top: 300, width: 300, height: 200 };
const BADGE = { left: 100, top: 100, width: 60, height: 60 };

function photoWithBadge(): Promise<Buffer> {
  const rect = (box: typeof PRODUCT, fill: string) =>
    `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="${fill}"/>`;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">' +
    `<rect width="1200" height="800" fill="#3366cc"/>${rect(PRODUCT, '#dd2222')}${rect(BADGE, '#ffdd00')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An OCR that finds no text: the photo has none, and every tool reads the same. */
const ocr: OcrEngine = { readLines: async () => [], close: async () => {} };

describe('one cut-out recipe for 抠图, 主图, 换背景, 批量处理 and 一键出海', () => {
  const matting = new CornerColourMatting();
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let token: string;
  let photo: Buffer;
  let recipe: ProductPictures;
  const download = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;

  before(async () => {
    ctx = await buildAccountApp({}, { matting, ocr });
    token = await registerUser(ctx, '13200000931', { ip: '10.9.3.1' });
    photo = await photoWithBadge();
    recipe = await makeProductPictures(
      { ocr, matting, pixels: PIXELS_ON_THIS_THREAD },
      { photo },
      { cutout: true, mainImages: ['amazon'] },
    );
  });
  after(() => ctx.close());

  it('the recipe keeps the product and leaves the badge out', async () => {
    assert.deepEqual(await alphaBox(recipe.cutout as Buffer), PRODUCT);
    assert.equal(recipe.mainImages[0]?.check.pass, true, JSON.stringify(recipe.mainImages[0]?.check));
  });

  it('抠图 and 主图 keep the same product box and deliver the same main image and verdict', async () => {
    const response = await postForm(ctx.app, '/api/v1/remove/remove', token, { preset: 'amazon' }, [
      { name: '耳机.png', bytes: photo },
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const { cutout, main } = response.json().data;
    assert.deepEqual(await alphaBox(await download(cutout.url)), PRODUCT);
    const made = recipe.mainImages[0];
    assert.ok(made);
    assert.ok((await download(main.image.url)).equals(made.bytes), 'the same main image, byte for byte');
    assert.deepEqual(main.check, made.check);
  });

  it('换背景 keeps the same cut-out of an upload', async () => {
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      token,
      { color: '#f5c6a5', scale: '0.8', x: '0.5', y: '0.9', shadow: '0' },
      [{ name: '耳机.png', bytes: photo }],
    );
    assert.equal(response.statusCode, 200, response.body);
    const [result] = response.json().data.results;
    assert.deepEqual(await alphaBox(await download(result.cutout.url)), PRODUCT);
  });

  it('批量处理 delivers the same cut-out, main image and verdict', async () => {
    const matte = await matting.matte(photo);
    const steps = { cutout: true, marketplaces: ['amazon' as const], backgroundColor: null };
    const { outputs, verdicts } = await makeOutputs(photo, matte, steps, { ocr, matting });
    const output = (kind: string) => outputs.find((o) => o.kind === kind)?.bytes as Buffer;
    assert.deepEqual(await alphaBox(output('cutout')), PRODUCT);
    assert.ok(output('main').equals(recipe.mainImages[0]?.bytes as Buffer), 'the same main image');
    assert.deepEqual(verdicts[0]?.main, recipe.mainImages[0]?.check);
  });

  it('一键出海 makes the same main image and report for a site of the same rules', async () => {
    const deps = { ocr, matting, pixels: PIXELS_ON_THIS_THREAD } as unknown as LocaliseDeps;
    const site = { imageRules: 'amazon' } as LocaliseSite;
    const made = await mainImageStep(deps, photo, site);
    assert.ok(made.bytes.equals(recipe.mainImages[0]?.bytes as Buffer), 'the same main image');
    assert.deepEqual(made.report, recipe.mainImages[0]?.check);
  });
});
