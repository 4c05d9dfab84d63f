/**
 * 图片翻译 on a poster with a brand's logo (alimama valid-1's King Koil mark, issue 51): a black
 * rounded square holding 「KING KOIL」 over a small 「金可儿床垫」. The OCR reads the Chinese name as
 * a line; it was erased and a plain-type English word written over the logo. A logo lock-up (a Latin
 * name stacked on a short Chinese one) is the seller's mark and is kept as it is; the poster's
 * selling lines around it are still translated.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine, type TextBlock, type TextBox } from '../src/imaging/ocr/index.ts';
import { logoLockups } from '../src/imaging/text/logo-lockup.ts';
import type { RgbImage } from '../src/imaging/text/rgb-image.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { rgbPixels } from './fakes/written-scenes.ts';

const W = 513;
const H = 360;
const PAGE = '#3f8a8f';
/** The logo's black rounded square, as on valid-1. */
const LOGO = { x: 150, y: 30, width: 150, height: 150 };

async function poster(): Promise<Buffer> {
  const shapes = flatShapesSvg(W, H, PAGE, [{ ...LOGO, rx: 12, fill: '#111111' }]);
  return writeChinese(sharp(shapes), [
    { text: 'KING KOIL', left: 176, top: 78, size: 17, color: '#ffffff' },
    { text: '金可儿床垫', left: 174, top: 101, size: 20, color: '#ffffff', bold: false },
    { text: '限量追加20名', left: 30, top: 230, size: 48, color: '#f4ecd8' },
  ]);
}

/** Pixels of `box` where two pictures differ by more than a rounding: what changed there. */
function changedIn(a: RgbImage, b: RgbImage, box: TextBox): number {
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y += 1)
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1)
        if (Math.abs((a.data[i + c] as number) - (b.data[i + c] as number)) > 24) {
          count += 1;
          break;
        }
    }
  return count;
}

const block = (text: string, box: TextBox): TextBlock => ({
  lines: [{ text, box, score: 0.9 }],
  box,
  text,
  align: 'center',
  lineHeight: box.height,
});

describe('图片翻译 · a brand’s logo lock-up', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('keeps the logo’s Chinese name untouched and translates the selling line', async () => {
    const source = await poster();
    const asked: string[] = [];
    const picture = await translatePicture(
      ocr,
      source,
      { target: 'en', keep: [], product: null },
      (blocks) => {
        asked.push(...blocks.map((b) => b.text));
        return translateOffline(blocks, englishLike);
      },
    );
    assert.ok(
      !asked.some((text) => text.includes('床垫')),
      `the logo is not asked of the AI: ${asked.join(' / ')}`,
    );
    assert.ok(
      asked.some((text) => text.includes('限量')),
      `the headline is: ${asked.join(' / ')}`,
    );
    const [before, result] = await Promise.all([rgbPixels(source), rgbPixels(picture.result)]);
    const changed = changedIn(before, result, LOGO);
    assert.equal(changed, 0, `pixels of the logo changed: ${changed}`);
    assert.ok(
      picture.kept.some((kept) => kept.text.includes('床垫') && kept.reason === 'keep'),
      `the logo is listed as kept: ${JSON.stringify(picture.kept)}`,
    );
    assert.equal(picture.residual.count, 0, 'a logo kept on purpose is no Chinese left over');
  });

  it('is a small Latin name stacked on a short Chinese one, nothing looser', () => {
    const latin = block('PHOENIX', { x: 23, y: 99, width: 70, height: 10 });
    const name = block('凤凰', { x: 19, y: 80, width: 76, height: 24 });
    assert.deepEqual([...logoLockups([name, latin])], [name, latin]);
    // A Latin word in letters as large as the Chinese under it is a heading, not a logo's name.
    const heading = block('NEW', { x: 20, y: 40, width: 90, height: 30 });
    const sale = block('新品上市', { x: 20, y: 72, width: 100, height: 26 });
    assert.equal(logoLockups([heading, sale]).size, 0);
    // A selling line under a brand is more than a name: 「植物医生官方唯一授权」 under 「DR PLANT」.
    const brand = block('DR PLANT', { x: 242, y: 72, width: 95, height: 20 });
    const claim = block('植物医生官方唯一授权', { x: 189, y: 101, width: 522, height: 48 });
    assert.equal(logoLockups([brand, claim]).size, 0);
    // Lower-case handwriting over a word printed on the product: 「Buy now」 over 「欢迎」.
    const script = block('Buy now', { x: 177, y: 270, width: 160, height: 50 });
    const welcome = block('欢迎', { x: 68, y: 316, width: 190, height: 117 });
    assert.equal(logoLockups([script, welcome]).size, 0);
  });
});
