/**
 * 图片翻译 · a logo whose Latin name is set in spaced-out capitals: alimama train-11's phoenix logo,
 * 「凤凰」 over 「P H O E N I X」 in small dark letters on a white bar. The OCR reads the letters as
 * single letters (「P」, 「H」, 「E」) or not at all, so the lock-up rule (logo-lockup.ts) had no Latin
 * name to pair 「凤凰」 with, and the logo was erased and rewritten as a word. The spaced letters are
 * found in the pixels (logo-letters.ts) and the logo is kept; a selling line beside it is not.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine, type TextBox } from '../src/imaging/ocr/index.ts';
import { spacedLetters } from '../src/imaging/text/logo-letters.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

/** The white bar under the name, its letters 14 px apart. */
const BAR = { x: 36, y: 90, width: 104, height: 9 };
/** The logo: the name and the bar under it. */
const LOGO = { x: 36, y: 58, width: 104, height: 42 };

/** A dark page: 「凤凰」 over 「P H O E N I X」 on a white bar, and a selling line 「全新升级款」 below. */
const poster = () =>
  writeChinese(sharp(flatShapesSvg(360, 220, '#2b2b30', [{ ...BAR, fill: '#f4f4f4' }])), [
    { text: '凤凰', left: 44, top: 62, size: 24, color: '#f4f4f4' },
    ...[...'PHOENIX'].map((letter, i) => ({
      text: letter,
      left: 44 + i * 14,
      top: 92,
      size: 7,
      color: '#202020',
    })),
    { text: '全新升级款', left: 44, top: 150, size: 28, color: '#ffffff' },
  ]);

/** Pixels of `area` farther than 24 (RGB) apart on two pictures of one size. */
async function changed(a: Buffer, b: Buffer, area: typeof LOGO) {
  const [one, two] = await Promise.all([rgbPixels(a), rgbPixels(b)]);
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y++)
    for (let x = area.x; x < area.x + area.width; x++)
      if (pixelDistance(one.data, two.data, (y * one.width + x) * 3) > 24) count += 1;
  return count;
}

describe('图片翻译 · a logo with its Latin name in spaced-out capitals', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('finds the spaced letters under the name, and none under the selling line', async () => {
    const image = await rgbPixels(await poster());
    const letters = spacedLetters(image, { x: 44, y: 61, width: 49, height: 26 });
    assert.ok(letters, 'letters under 凤凰');
    assert.ok(
      letters.y >= BAR.y && letters.y + letters.height <= BAR.y + BAR.height,
      JSON.stringify(letters),
    );
    assert.ok(letters.width >= 49 / 2, JSON.stringify(letters));
    assert.equal(spacedLetters(image, { x: 46, y: 151, width: 138, height: 28 }), null);
  });

  it('keeps the logo as it is and translates the selling line', async () => {
    const original = await poster();
    const lines = await ocr.readLines(original);
    // As on train-11: the name is read, its Latin letters are not read as a name.
    assert.ok(
      lines.some((line) => line.text === '凤凰'),
      lines.map((line) => line.text).join(' | '),
    );
    assert.ok(
      lines.every((line) => (line.text.match(/[A-Za-z]/g) ?? []).length < 3),
      lines.map((line) => line.text).join(' | '),
    );
    const picture = await translatePicture(
      ocr,
      original,
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    assert.deepEqual(
      picture.kept.filter((kept) => kept.reason === 'keep').map((kept) => kept.text),
      ['凤凰'],
    );
    assert.equal(await changed(original, picture.result, LOGO), 0, 'the logo unchanged');
    assert.deepEqual(
      picture.blocks.map((block) => block.source),
      ['全新升级款'],
    );
  });

  it('still counts Chinese left beside the kept logo: a model that answers the selling line in Chinese fails the check', async () => {
    const original = await poster();
    const picture = await translatePicture(
      ocr,
      original,
      { target: 'en', keep: [], product: null },
      // The selling line comes back as it was sent: drawn again in Chinese.
      async (blocks) => new Map(blocks.map((block) => [block.id, block.text])),
    );
    assert.ok(picture.residual.count >= 4, `Chinese left: ${picture.residual.count}`);
    const inside = (box: TextBox, area: TextBox) =>
      box.x >= area.x - 4 && box.x + box.width <= area.x + area.width + 4 && box.y >= area.y - 4;
    assert.ok(
      picture.residual.boxes.every((box) => box.y > LOGO.y + LOGO.height),
      `left only below the logo: ${JSON.stringify(picture.residual.boxes)}`,
    );
    assert.ok(
      picture.residual.boxes.some((box) => inside(box, { x: 36, y: 140, width: 180, height: 50 })),
      JSON.stringify(picture.residual.boxes),
    );
  });
});
