/**
 * 图片翻译 on a headline set in slanted letters (alimama valid-2's 「降价了!!」, train-7's
 * 「198减30」, issue 51): the lean is read from the erased strokes, carried on the block, and the
 * translation is drawn leaning the same way; an upright headline stays upright.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { initializeCanvas, type Layer, readPsd } from 'ag-psd';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { translationPsd } from '../src/imaging/text/psd.ts';
import { sharpestAngles } from '../src/imaging/text/slant.ts';
import { auth, get, post } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';
import { translateUploaded } from './translate-helpers.ts';

type Pixels = NonNullable<Layer['imageData']>;
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as Pixels,
);

const W = 520;
const H = 200;
const PAGE = '#f3e6d8';
const HEADLINE: Writing = { text: '降价促销', left: 70, top: 50, size: 80, color: '#e8541c' };
/** The lean the designer gave the headline, in degrees (right). */
const LEAN = 12;

/**
 * The headline on a flat beige page, sheared by `lean` degrees as a slanted typeface is (tops to
 * the right), and the box a detector gives it.
 */
async function scene(lean: number) {
  const clear = sharp({
    create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  const letters = await writeChinese(clear, [HEADLINE]);
  const run = Math.tan((lean * Math.PI) / 180);
  // Sheared about the letters' baseline row: the bottom stays, the top moves right.
  const shear = await sharp(letters)
    .affine([1, -run, 0, 1], { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const { width } = await sharp(shear).metadata();
  const cropped = await sharp(shear)
    .extract({ left: Math.round(width - W), top: 0, width: W, height: H })
    .png()
    .toBuffer();
  const picture = await sharp({ create: { width: W, height: H, channels: 3, background: PAGE } })
    .composite([{ input: cropped }])
    .png()
    .toBuffer();
  const pixels = await rgbPixels(picture);
  return { picture, pixels, box: detected(pixels) };
}

/** The box around every pixel off the page's colour, padded by a fifth of its height. */
function detected(image: { data: Uint8Array; width: number; height: number }) {
  let [x0, y0, x1, y1] = [W, H, 0, 0];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if ((image.data[(y * W + x) * 3 + 2] as number) < 150)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const pad = Math.round((y1 - y0) * 0.2);
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
}

/** Erased and drawn back in English, as 图片翻译 does: the block as drawn and the result's pixels. */
async function translated(lean: number) {
  const { pixels, box } = await scene(lean);
  const image = { data: Buffer.from(pixels.data), width: W, height: H };
  const { layers } = await eraseBlocks({
    image,
    blocks: [oneLineBlock(HEADLINE.text, box)],
    translations: ['SALE NOW'],
    kept: [],
  });
  const erased = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  const blocks = layers.map((layer, id) => ({ ...layer, id }) as TranslatedBlock);
  const result = await drawTranslation(erased, blocks, 'en');
  const [block] = result.blocks as [TranslatedBlock];
  const drawn = await rgbPixels(result.png);
  // The new letters: every pixel the drawing changed on the erased page.
  const ink = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++)
    ink[p] = Math.abs((drawn.data[p * 3 + 2] as number) - (image.data[p * 3 + 2] as number)) > 60 ? 1 : 0;
  return { block, lean: sharpestAngles(ink, W, H).lean };
}

describe('图片翻译 · slanted headlines', () => {
  it('draws the translation of slanted letters leaning as they did', async () => {
    const { block, lean } = await translated(LEAN);
    assert.ok(block.slant !== undefined && Math.abs(block.slant - LEAN) <= 2, `block slant ${block.slant}`);
    assert.ok(
      Math.abs(lean.degrees - LEAN) <= 3,
      `the English leans ${lean.degrees}°, the original ${LEAN}°`,
    );
    assert.ok(lean.sharper > 1.15, `leaning clearly: ${lean.sharper.toFixed(2)}`);
  });

  it('keeps an upright headline upright', async () => {
    const { block, lean } = await translated(0);
    assert.equal(block.slant, undefined);
    assert.ok(Math.abs(lean.degrees) <= 2, `the English leans ${lean.degrees}°`);
  });

  it('marks the PSD’s text layer of a slanted block faux italic, its pixels leaning, and an upright one not', async () => {
    const page = await sharp({ create: { width: W, height: H, channels: 3, background: PAGE } })
      .png()
      .toBuffer();
    const line = (id: number, y: number, slant?: number): TranslatedBlock => ({
      id,
      source: '降价促销',
      text: 'SALE NOW',
      box: { x: 60, y, width: 400, height: 70 },
      fontSize: 56,
      color: '#e8541c',
      bold: true,
      align: 'left',
      hidden: false,
      overflow: false,
      ...(slant ? { slant } : {}),
    });
    const psd = readPsd(
      await translationPsd({
        background: page,
        source: null,
        target: 'en',
        blocks: [line(1, 10, LEAN), line(2, 110)],
      }),
      { useImageData: true },
    );
    const [slanted, upright] = (psd.children ?? []).slice(1) as [Layer, Layer];
    assert.equal(slanted.text?.style?.fauxItalic, true);
    assert.equal(upright.text?.style?.fauxItalic ?? false, false);
    const leanOf = (layer: Layer) => {
      const { width, height, data } = layer.imageData as Pixels;
      const ink = new Uint8Array(width * height).map((_, p) => ((data[p * 4 + 3] as number) > 128 ? 1 : 0));
      return sharpestAngles(ink, width, height).lean.degrees;
    };
    assert.ok(Math.abs(leanOf(slanted) - LEAN) <= 3, `the layer leans ${leanOf(slanted)}°`);
    assert.ok(Math.abs(leanOf(upright)) <= 2, `the upright layer leans ${leanOf(upright)}°`);
  });

  describe('through 图片翻译, 重新生成 and 继续编辑', () => {
    let ctx: Awaited<ReturnType<typeof buildChatApp>>;
    after(() => ctx?.close());
    before(async () => {
      ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    });

    it('reads the slant from the upload, and keeps it through 重新生成 and 继续编辑', async () => {
      const { picture } = await scene(LEAN);
      const made = await translateUploaded(ctx.app, ctx.token, picture, {
        target: 'en',
        productText: 'translate',
      });
      const [headline] = made.blocks as [TranslatedBlock];
      assert.ok(
        headline.slant !== undefined && Math.abs(headline.slant - LEAN) <= 2,
        `slant ${headline.slant}`,
      );
      const body = {
        backgroundId: made.backgroundId,
        target: 'en',
        blocks: [{ ...headline, text: 'Price cut' }],
      };
      const redrawn = await post(ctx.app, '/api/v1/translate/render', body, auth(ctx.token));
      assert.equal(redrawn.statusCode, 200, redrawn.body);
      assert.equal((redrawn.json().data.blocks as TranslatedBlock[])[0]?.slant, headline.slant);
      const opened = await get(ctx.app, `/api/v1/translate/${made.translationId}`, auth(ctx.token));
      assert.equal((opened.json().data as TranslateResult).blocks[0]?.slant, headline.slant);
    });
  });
});
