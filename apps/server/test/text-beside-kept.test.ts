/**
 * 图片翻译 · a line set right against text kept as it is: 「起」 after a big price 「5.8」, as on
 * RapidOCR ch_en_num and countless Taobao price tags. The digits have no Chinese and are kept; they
 * are in no block's box, so the translation of 「起」 grew left over the 8, was then judged to stand
 * out too little from the purple under it and given a white halo, which bit the 8's side off.
 * The room now ends where something is still printed beside the erased line (printed-beside.ts),
 * and a centred line set against it grows, and is aligned, away from it.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { layoutOf } from '../src/imaging/text/layout.ts';
import { printedBeside } from '../src/imaging/text/printed-beside.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const PURPLE = '#9b1ef2';
/** The 8's rightmost inked column, measured on the drawn digits (Noto Sans SC bold, 96 px). */
const EIGHT_RIGHT = 197;

/** A white page: 「5.8」 in big purple digits and a small 「起」 set 2 px after the 8. */
const priceTag = () =>
  writeChinese(sharp(flatShapesSvg(360, 200, '#ffffff', [])), [
    { text: '5.8', left: 60, top: 30, size: 96, color: PURPLE },
    { text: '起', left: EIGHT_RIGHT + 2, top: 73, size: 28, color: PURPLE, bold: false },
  ]);

describe('图片翻译 · a line set against text kept beside it', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('sees the digits beside the erased line, and nothing beside a line on an empty page', async () => {
    const page = await rgbPixels(
      await writeChinese(sharp(flatShapesSvg(360, 200, '#ffffff', [])), [
        { text: '5.8', left: 60, top: 30, size: 96, color: PURPLE },
      ]),
    );
    // Where 「起」 stood, once erased: the page is white and the 8 ends at EIGHT_RIGHT.
    const box = { x: EIGHT_RIGHT, y: 71, width: 32, height: 32 };
    const printed = printedBeside(page, box, 40);
    assert.ok(printed.left !== null && printed.left >= EIGHT_RIGHT - 2, JSON.stringify(printed));
    assert.equal(printed.solid.left, true, 'the 8 is solid, no thin rule');
    assert.equal(printed.right, null);
    const empty = printedBeside(page, { x: 250, y: 150, width: 40, height: 30 }, 60);
    assert.deepEqual([empty.left, empty.right], [null, null]);
  });

  it('draws the translation after the 8, without a halo, and leaves the digits as they were', async () => {
    const original = await priceTag();
    const picture = await translatePicture(
      ocr,
      original,
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    const block = picture.blocks.find((b) => b.source === '起');
    assert.ok(block?.drawn, JSON.stringify(picture.blocks));
    assert.ok(block.drawn.x > EIGHT_RIGHT, `drawn from x ${block.drawn.x}, the 8 ends at ${EIGHT_RIGHT}`);
    assert.equal(block.outline, null, 'no halo: it stands out from the white page');
    assert.equal(block.align, 'left', 'set against the price, it starts there');
    assert.ok(block.fontSize >= 16, `drawn at ${block.fontSize} px`);
    // The digits, up to the column where 「起」 began, are untouched.
    const [before, after] = await Promise.all([rgbPixels(original), rgbPixels(picture.result)]);
    let changed = 0;
    for (let y = 20; y < 120; y++)
      for (let x = 40; x < EIGHT_RIGHT - 2; x++)
        if (pixelDistance(before.data, after.data, (y * before.width + x) * 3) > 24) changed += 1;
    assert.equal(changed, 0, `${changed} pixels of the digits changed`);
  });

  it('a thin rule beside a line (a table cell) ends its room but does not turn its alignment', async () => {
    // A white page, a 2 px dark rule 4 px right of a left-aligned line's box, a little taller than it.
    const box = { x: 40, y: 50, width: 120, height: 24 };
    const page = await rgbPixels(
      await sharp(
        flatShapesSvg(320, 140, '#ffffff', [{ x: 164, y: 44, width: 2, height: 36, fill: '#303030' }]),
      )
        .png()
        .toBuffer(),
    );
    const printed = printedBeside(page, box, 100);
    assert.equal(printed.right, 164);
    assert.equal(printed.solid.right, false);
    const layout = layoutOf(page, { id: 1, box, align: 'center' }, [{ id: 1, box }]);
    assert.equal(layout.align, undefined, 'still centred');
    assert.ok(layout.room.x + layout.room.width <= 164, JSON.stringify(layout.room));
  });
});
