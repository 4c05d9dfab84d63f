/**
 * 图片翻译 on a poster whose logo box names a marketplace's own sale (alimama train-13's white
 * 「12.12 全民淘宝节」 box on a red page, issue 51). 「淘宝」 made the line a shop's watermark, which is
 * erased and drawn as nothing: the box came back empty and white. A sale is the advert's own
 * promotion, so it is translated and drawn in the box in its red; and on such a poster every line
 * erased gets its translation drawn where it was.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine, type TextBox } from '../src/imaging/ocr/index.ts';
import { isShopMark } from '../src/imaging/text/product-print.ts';
import type { RgbImage } from '../src/imaging/text/rgb-image.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { rgbPixels } from './fakes/written-scenes.ts';

const W = 513;
const H = 330;
const PAGE = '#d31019';
const WORDS_RED = '#e4141e';
/** The white logo box hanging from the top edge, as on train-13. */
const LOGO = { x: 150, y: -20, width: 215, height: 100 };
const PILL = { x: 24, y: 214, width: 465, height: 52 };

async function poster(): Promise<Buffer> {
  const shapes = flatShapesSvg(W, H, PAGE, [
    { ...LOGO, rx: 16, fill: '#ffffff' },
    { ...PILL, fill: '#ffffff' },
  ]);
  return writeChinese(sharp(shapes), [
    { text: '12.12', left: 222, top: 4, size: 26, color: WORDS_RED },
    { text: '全民淘宝节', left: 160, top: 36, size: 36, color: WORDS_RED },
    { text: '定做地毯 耐磨耐蹭', left: 30, top: 126, size: 48, color: '#ffffff' },
    { text: '有效除尘定制尺寸', left: 110, top: 220, size: 34, color: WORDS_RED, bold: false },
  ]);
}

/** Pixels of `box` (clipped to the picture) for which `test` holds. */
function countIn(image: RgbImage, box: TextBox, test: (r: number, g: number, b: number) => boolean): number {
  let count = 0;
  for (let y = Math.max(0, box.y); y < Math.min(image.height, box.y + box.height); y += 1)
    for (let x = Math.max(0, box.x); x < Math.min(image.width, box.x + box.width); x += 1) {
      const i = (y * image.width + x) * 3;
      if (test(image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number)) count += 1;
    }
  return count;
}

/** Pixels of `box` where the result differs from the erased background: what was drawn there. */
function drawnIn(result: RgbImage, background: RgbImage, box: TextBox): number {
  let count = 0;
  for (let y = Math.max(0, box.y); y < Math.min(result.height, box.y + box.height); y += 1)
    for (let x = Math.max(0, box.x); x < Math.min(result.width, box.x + box.width); x += 1) {
      const i = (y * result.width + x) * 3;
      let off = 0;
      for (let c = 0; c < 3; c += 1)
        off = Math.max(off, Math.abs((result.data[i + c] as number) - (background.data[i + c] as number)));
      if (off > 60) count += 1;
    }
  return count;
}

describe('图片翻译 · a marketplace’s sale in the poster’s logo box', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('is a sale, not a shop’s watermark; a watermark still is one', () => {
    for (const sale of ['全民淘宝节', '12.12全民淘宝节', '天猫双11', '京东618', '天猫年货节', '淘宝造物节'])
      assert.equal(isShopMark(sale), false, sale);
    for (const mark of ['天猫旗舰店双11', '淘宝店铺：小晶晶', 'xiaojingjing.taobao.com', '天猫'])
      assert.equal(isShopMark(mark), true, mark);
  });

  it('is translated and drawn red in its white box, and every erased line gets its translation drawn', async () => {
    const asked: string[] = [];
    const picture = await translatePicture(
      ocr,
      await poster(),
      { target: 'en', keep: [], product: null },
      (blocks) => {
        asked.push(...blocks.map((b) => b.text));
        return translateOffline(blocks, englishLike);
      },
    );
    const [result, background] = await Promise.all([
      rgbPixels(picture.result),
      rgbPixels(picture.background),
    ]);
    assert.ok(
      asked.some((text) => text.includes('淘宝节')),
      `the sale is asked of the AI: ${asked.join(' / ')}`,
    );
    const inBox = { x: LOGO.x + 8, y: 0, width: LOGO.width - 16, height: LOGO.y + LOGO.height - 4 };
    const red = countIn(result, inBox, (r, g, b) => r > 150 && g < 110 && b < 110);
    assert.ok(red > 300, `the box carries the translation in red: ${red} red pixels`);
    assert.ok(
      picture.blocks.length >= 3,
      `lines translated: ${picture.blocks.map((b) => b.source).join(' / ')}`,
    );
    for (const block of picture.blocks) {
      assert.equal(block.hidden, false, `「${block.source}」 is drawn, not hidden`);
      const drawn = drawnIn(result, background, block.box);
      assert.ok(
        drawn > 150,
        `「${block.source}」's translation is drawn where it was erased: ${drawn} pixels`,
      );
    }
  });

  it('a blank answer for a line is no licence to leave it empty: its words are drawn back', async () => {
    const picture = await translatePicture(
      ocr,
      await poster(),
      { target: 'en', keep: [], product: null },
      async (blocks) => {
        const answers = await translateOffline(blocks, englishLike);
        for (const block of blocks) if (block.text.includes('淘宝节')) answers.set(block.id, ' ');
        return answers;
      },
    );
    const [result, background] = await Promise.all([
      rgbPixels(picture.result),
      rgbPixels(picture.background),
    ]);
    const logo = picture.blocks.find((block) => block.source.includes('淘宝节'));
    assert.ok(logo, 'the logo is a block');
    assert.equal(logo.hidden, false);
    const drawn = drawnIn(result, background, logo.box);
    assert.ok(drawn > 150, `words are drawn in the logo box: ${drawn} pixels`);
  });
});
