import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { placeOnBackground } from '../src/imaging/compose.ts';

/**
 * A desk lamp as the cut-out gives it: a wide head up and to the right, a narrow foot at the bottom
 * left. 换背景 must stand it on its shadow under the foot, not hang a shadow under the middle of its box.
 */
async function lamp() {
  const [W, H] = [800, 800];
  const rgb = Buffer.alloc(W * H * 3, 200);
  const mask = Buffer.alloc(W * H);
  const solid = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y += 1)
      for (let x = x0; x < x1; x += 1) {
        mask[y * W + x] = 255;
        rgb.set([20, 40, 230], (y * W + x) * 3);
      }
  };
  solid(420, 120, 700, 260); // the head
  solid(220, 200, 250, 640); // the arm
  solid(140, 640, 330, 680); // the foot
  const image = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return { image, matte: { mask, width: W, height: H } };
}

describe('换背景: the product stands on its contact shadow', () => {
  it('puts the shadow under the foot, touching it, and none under the overhanging head', async () => {
    const { image, matte } = await lamp();
    const background = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const placed = await placeOnBackground(
      image,
      matte,
      background,
      { scale: 0.8, x: 0.5, y: 0.9, shadow: true },
      1000,
    );
    const { data } = await sharp(placed.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.subarray((y * 1000 + x) * 3, (y * 1000 + x) * 3 + 3);
    const isProduct = (x: number, y: number) => {
      const [r, g, b] = at(x, y) as unknown as number[];
      return (b as number) > 150 && (r as number) < 90 && (g as number) < 110;
    };
    // The foot's bottom row and its span, found in the delivered image.
    let bottom = -1;
    let [footLeft, footRight] = [1000, -1];
    for (let y = 999; y >= 0 && bottom < 0; y -= 1)
      for (let x = 0; x < 1000; x += 1) if (isProduct(x, y)) bottom = y;
    for (let x = 0; x < 1000; x += 1)
      if (isProduct(x, bottom)) [footLeft, footRight] = [Math.min(footLeft, x), Math.max(footRight, x)];
    const footCentre = Math.round((footLeft + footRight) / 2);
    const grey = (x: number, y: number) => {
      const [r, g, b] = at(x, y) as unknown as number[];
      return ((r as number) + (g as number) + (b as number)) / 3;
    };
    // Right under the foot the surface is shadowed: no gap of background between them.
    for (let dy = 1; dy <= 3; dy += 1)
      assert.ok(
        grey(footCentre, bottom + dy) < 215,
        `${dy} px under the foot: ${grey(footCentre, bottom + dy)}`,
      );
    // Well right of the foot (under the head) the surface is untouched.
    const headX = Math.min(999, footRight + Math.round((footRight - footLeft) * 1.2));
    assert.ok(grey(headX, bottom + 2) > 250, `under the head: ${grey(headX, bottom + 2)}`);
  });
});
