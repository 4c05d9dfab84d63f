/**
 * 下载 PSD of a translation condensed to fit: taobao4's white 「原版正品」 box took its three-word
 * translation only with its letters squeezed to 85% or 75% wide (render.ts's CONDENSED). The PSD's
 * text layer said nothing of it, so Photoshop laid the text out at full width, past the box.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initializeCanvas, type Layer, readPsd } from 'ag-psd';
import { translationPsd } from '../src/imaging/text/psd.ts';
import { boxLine, isCondensed, THREE_WORDS, whiteBoxInRed } from './fakes/condensed-box.ts';

type Pixels = NonNullable<Layer['imageData']>;
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as Pixels,
);

/** taobao4's boxes as the erase leaves them, the picture the PSD is built on. */
const { whiteBox: WHITE_BOX, page } = whiteBoxInRed(320, 200, { x: 55, y: 35 });
const erased = () => page().png().toBuffer();

describe('下载 PSD · a condensed translation', () => {
  it('carries the squeeze as the text layer’s horizontal scale, and a plain one stays at 100%', async () => {
    const psd = readPsd(
      await translationPsd({
        background: await erased(),
        source: null,
        target: 'en',
        blocks: [
          boxLine(1, THREE_WORDS, { x: 95, y: 60, width: 69, height: 18 }),
          boxLine(2, 'Sale', { x: 20, y: 150, width: 60, height: 24 }),
        ],
      }),
      { useImageData: true },
    );
    const [condensed, plain] = (psd.children ?? []).slice(1) as [Layer, Layer];
    const scale = condensed.text?.style?.horizontalScale;
    assert.ok(isCondensed(scale), `horizontal scale ${scale}`);
    // The drawn letters fit the white box; Photoshop, told the scale, lays them out as wide.
    const pixels = condensed.imageData as Pixels;
    assert.ok(
      (condensed.left ?? 0) >= WHITE_BOX.x &&
        (condensed.left ?? 0) + pixels.width <= WHITE_BOX.x + WHITE_BOX.width,
      `drawn ${condensed.left}+${pixels.width}`,
    );
    assert.equal(plain.text?.style?.horizontalScale ?? 1, 1);
  });

  it('puts the text box of one moved back inside the picture where its letters are', async () => {
    const psd = readPsd(
      await translationPsd({
        background: await erased(),
        source: null,
        target: 'en',
        blocks: [boxLine(1, 'natural', { x: 302, y: 150, width: 13, height: 11 })],
      }),
      { useImageData: true },
    );
    const layer = (psd.children ?? [])[1] as Layer;
    const [x] = (layer.text?.transform ?? []).slice(4) as [number];
    const [, , width] = layer.text?.boxBounds ?? [];
    assert.equal(x, layer.left, 'the text box starts at the drawn letters');
    assert.ok(x + (width as number) <= 321, `text box ${x}+${width} on a 320 px picture`);
  });
});
