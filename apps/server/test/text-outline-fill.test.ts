/**
 * White letters outlined in black (imaging/text/ink.ts, ink-outline.ts): the letters' colour is
 * the fill inside the outline, even where a box of the fill's colour touches the line. On a Taobao
 * dress ad (CnOCR's taobao4) the white 「精选优质面料」, outlined 1–2 px in black on a red box, sits
 * just above a white 「原版正品」 box; the white box reached into the line's grown box, the fill was
 * not told from it, and the translation was drawn back black without an outline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { grow, markStrokes } from '../src/imaging/text/erase.ts';
import { colourDistance } from '../src/imaging/text/ink.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';

const WHITE = [255, 255, 255];
const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The ad's corner at its own size: tan page, the red box, the white box inside it, saved as a JPEG. */
async function dressAdCorner(outlineWidth: number) {
  const boxes = flatShapesSvg(400, 400, '#b98a6a', [
    { x: 261, y: 157, width: 133, height: 49, fill: '#c61d0c' },
    { x: 291, y: 185, width: 75, height: 20, fill: '#f8f7f8' },
  ]);
  const png = await writeChinese(sharp(boxes), [
    {
      text: '精选优质面料',
      left: 273,
      top: 156,
      size: 18,
      color: '#ffffff',
      outline: { color: '#000000', width: outlineWidth },
    },
    { text: '原版正品', left: 297, top: 184, size: 16, color: '#d9191a' },
  ]);
  const jpeg = await sharp(png).jpeg({ quality: 80 }).toBuffer();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height };
  // The line's box as the OCR reads it on the ad, grown as erasing grows it.
  const box = grow({ x: 272, y: 158, width: 111, height: 24 }, 24 * 0.18, 400, 400);
  return { image, box };
}

describe('white letters outlined in black above a white box', () => {
  for (const width of [1, 2])
    it(`are drawn back white with a dark outline (outline ${width} px)`, async () => {
      const { image, box } = await dressAdCorner(width);
      const ink = markStrokes(image, box, new Uint8Array(image.width * image.height));
      assert.ok(
        colourDistance(rgbOf(ink.color), WHITE) < 60,
        `drawn in ${ink.color}: the outline's colour, not the letters'`,
      );
      assert.ok(ink.outline, 'drawn without the outline');
      assert.ok(colourDistance(rgbOf(ink.outline.color), [0, 0, 0]) < 90, `outline ${ink.outline.color}`);
    });

  it('leave the white box below out of the letters: its top rows are not marked for erasing', async () => {
    const { image, box } = await dressAdCorner(1);
    const mask = new Uint8Array(image.width * image.height);
    markStrokes(image, box, mask);
    // The white box's rows inside the grown box, away from the red letters printed in it.
    let marked = 0;
    let seen = 0;
    for (let y = 185; y < box.y + box.height; y++)
      for (let x = 330; x < 366; x++) {
        seen += 1;
        if (mask[y * image.width + x]) marked += 1;
      }
    assert.ok(marked <= seen * 0.1, `${marked} of ${seen} pixels of the white box marked`);
  });
});
