import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextBlock } from '../src/imaging/ocr/index.ts';
import { isOnProduct, productArea } from '../src/imaging/text/product-text.ts';

/**
 * The rules that turn a matte into "the product" and a text block into "on the product", on masks
 * made here (the real model's behaviour on drawn scenes is in translate-product-text.test.ts).
 */
const SIDE = 400;

type Rect = { x: number; y: number; width: number; height: number };

/** A white image with `shapes` drawn in, and the matte that calls exactly them solid. */
function picture(shapes: { rect: Rect; colour: (x: number, y: number) => [number, number, number] }[]) {
  const data = Buffer.alloc(SIDE * SIDE * 3, 255);
  const mask = Buffer.alloc(SIDE * SIDE);
  for (const { rect, colour } of shapes)
    for (let y = rect.y; y < rect.y + rect.height; y += 1)
      for (let x = rect.x; x < rect.x + rect.width; x += 1) {
        const p = y * SIDE + x;
        mask[p] = 255;
        data.set(colour(x, y), p * 3);
      }
  return { image: { data, width: SIDE, height: SIDE }, matte: { mask, width: SIDE, height: SIDE } };
}

/** Lit from the left: a photographed surface. */
const shaded = (x: number): [number, number, number] => [60 + (x % 200) / 2, 80, 120];
const flat = (): [number, number, number] => [230, 60, 70];

const block = (box: Rect): TextBlock => ({
  lines: [{ text: '山泉水', box, score: 0.99 }],
  box,
  text: '山泉水',
  align: 'left',
  lineHeight: box.height,
});

describe('text on the product', () => {
  const label = block({ x: 150, y: 150, width: 80, height: 30 });

  it('a shaded part of a fair size is the product; a block inside it is on it, one across its edge is not', async () => {
    const { image, matte } = picture([{ rect: { x: 100, y: 80, width: 200, height: 260 }, colour: shaded }]);
    const area = await productArea(matte, image, [label.lines[0] as TextBlock['lines'][0]]);
    assert.ok(area);
    assert.equal(isOnProduct(label, area), true);
    assert.equal(isOnProduct(block({ x: 250, y: 150, width: 90, height: 30 }), area), false);
    assert.equal(isOnProduct(block({ x: 20, y: 20, width: 60, height: 30 }), area), false);
  });

  it('a flat-coloured panel or badge is a designer’s shape, not a product', async () => {
    const { image, matte } = picture([{ rect: { x: 100, y: 80, width: 200, height: 260 }, colour: flat }]);
    assert.equal(await productArea(matte, image, []), null);
  });

  it('a part under 5% of the image is no product', async () => {
    const { image, matte } = picture([{ rect: { x: 100, y: 100, width: 80, height: 80 }, colour: shaded }]);
    assert.equal(await productArea(matte, image, []), null);
  });

  it('the text on a panel is not what makes it look photographed', async () => {
    // A flat badge whose big black-and-white lettering covers 40% of it: judged by the rest.
    const { image, matte } = picture([{ rect: { x: 100, y: 100, width: 200, height: 130 }, colour: flat }]);
    const lettering = block({ x: 110, y: 130, width: 180, height: 60 });
    for (let y = 130; y < 190; y += 1)
      for (let x = 110; x < 290; x += 1)
        image.data.set((x + y) % 3 ? [255, 255, 255] : [0, 0, 0], (y * SIDE + x) * 3);
    assert.equal(await productArea(matte, image, lettering.lines), null);
  });
});
