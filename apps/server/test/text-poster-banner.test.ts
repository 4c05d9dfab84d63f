import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productPrint } from '../src/imaging/text/product-print.ts';
import { productArea } from '../src/imaging/text/product-text.ts';
import { oneLineBlock } from './fakes/written-scenes.ts';

/**
 * A poster's selling line on a banner laid over the photo is translated, though the matting model
 * takes the banner for part of the product (alimama train-8: a yellow bar with a black outline,
 * 「宝宝软底学步鞋 / 软底防滑」, starts on the hand holding the shoe and runs out over the floor). A
 * label printed on the product, with the product all round it, is still kept.
 */
const SIDE = 600;
type Rect = { x: number; y: number; width: number; height: number };
type Rgb = [number, number, number];

/** A shaded product on white, with a flat shape of `colour` and a dark outline, lettered; the matte calls both solid. */
function scene(shape: Rect, colour: Rgb, text: Rect, halo: number) {
  const data = Buffer.alloc(SIDE * SIDE * 3, 255);
  const mask = Buffer.alloc(SIDE * SIDE);
  const fill = (rect: Rect, rgb: (x: number, y: number) => Rgb) => {
    for (let y = rect.y; y < rect.y + rect.height; y += 1)
      for (let x = rect.x; x < rect.x + rect.width; x += 1) {
        data.set(rgb(x, y), (y * SIDE + x) * 3);
        mask[y * SIDE + x] = 255;
      }
  };
  // The hand holding the shoe: shaded, as a photo is.
  fill({ x: 40, y: 60, width: 300, height: 480 }, (x, y) => [200 + ((x + y) % 40), 160, 140 - (y % 30)]);
  fill({ x: shape.x - 3, y: shape.y - 3, width: shape.width + 6, height: shape.height + 6 }, () => [
    20, 20, 20,
  ]);
  fill(shape, () => colour);
  // The matte's soft edge, past the shape's outline.
  for (let y = shape.y - 3 - halo; y < shape.y + shape.height + 3 + halo; y += 1)
    mask.fill(255, y * SIDE + shape.x - 3 - halo, y * SIDE + shape.x + shape.width + 3 + halo);
  // Letters: dark bars across the line, each a character wide.
  for (let x = text.x; x + 16 <= text.x + text.width; x += 28)
    fill({ x, y: text.y + 2, width: 16, height: text.height - 4 }, () => [25, 25, 25]);
  return { image: { data, width: SIDE, height: SIDE }, matte: { mask, width: SIDE, height: SIDE } };
}

async function kept(shape: Rect, colour: Rgb, text: Rect, words: string, halo = 0) {
  const line = oneLineBlock(words, text);
  const { image, matte } = scene(shape, colour, text, halo);
  const area = await productArea(matte, image, line.lines);
  assert.ok(area, 'the shaded hand is the product');
  return productPrint(image, [line], area).has(line);
}

describe('a poster’s banner over the product’s photo', () => {
  it('a flat bar that runs from the product out over the background is the poster’s, and translated', async () => {
    const bar = { x: 220, y: 440, width: 340, height: 48 };
    const text = { x: 240, y: 450, width: 300, height: 28 };
    assert.equal(await kept(bar, [252, 228, 80], text, '宝宝软底学步鞋 / 软底防滑'), false);
  });

  it('a button whose text’s box reaches its rim is found all the same, and translated', async () => {
    // valid-2's 「抢购>」: the OCR box runs out to the orange button's edge, so the colour just
    // past the box is the background's, not the button's.
    const button = { x: 320, y: 440, width: 270, height: 48 };
    const text = { x: 340, y: 443, width: 230, height: 40 };
    assert.equal(await kept(button, [255, 160, 20], text, '抢购>', 3), false);
  });

  it('a flat label with the product all round it is the product’s print, and kept', async () => {
    const label = { x: 100, y: 200, width: 160, height: 48 };
    const text = { x: 115, y: 210, width: 130, height: 28 };
    assert.equal(await kept(label, [200, 30, 30], text, '纯粮酿造'), true);
  });
});
