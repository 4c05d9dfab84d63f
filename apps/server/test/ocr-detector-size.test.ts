/**
 * The size the OCR's detector looks at a picture at (imaging/ocr/detect.ts): a big one shrunk to
 * 960 on its long side, a long strip kept 512 across, and a small one enlarged to 512 across, where
 * the detector at the picture's own 323 px missed a badge's two lines (RapidOCR's ch_en_num).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectorSize } from '../src/imaging/ocr/detect.ts';

const short = (size: { width: number; height: number }) => Math.min(size.width, size.height);

describe('the OCR detector’s input size', () => {
  it('enlarges a picture narrower than 512 px to 512 across', () => {
    assert.ok(short(detectorSize(323, 430)) >= 512, JSON.stringify(detectorSize(323, 430)));
    assert.ok(short(detectorSize(400, 400)) >= 512, JSON.stringify(detectorSize(400, 400)));
  });

  it('keeps a 513 × 750 poster and an 800 × 500 scene, and shrinks a big picture to 960, as before', () => {
    assert.deepEqual(detectorSize(513, 750), { width: 512, height: 736 });
    assert.deepEqual(detectorSize(800, 500), { width: 800, height: 512 });
    assert.deepEqual(detectorSize(2000, 2000), { width: 960, height: 960 });
  });

  it('keeps a long strip 512 across within its area bound', () => {
    const size = detectorSize(400, 3000);
    assert.ok(short(size) >= 480, JSON.stringify(size));
    assert.ok(size.width * size.height <= 2_100_000, JSON.stringify(size));
  });
});
