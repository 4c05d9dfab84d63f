import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MainImageReport } from '@chuhai/contract';
import { checkMainImage, type MaskedPixels } from '../src/imaging/main-image-check.ts';

/** A square of product colour, 85% of the frame, on a background colour, with its exact mask. */
function productOn(size: number, background: [number, number, number]): MaskedPixels {
  const rgb = new Uint8Array(size * size * 3);
  const mask = new Uint8Array(size * size);
  const margin = Math.round(size * 0.075);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const p = y * size + x;
      const inside = x >= margin && x < size - margin && y >= margin && y < size - margin;
      mask[p] = inside ? 255 : 0;
      rgb.set(inside ? [30, 60, 90] : background, p * 3);
    }
  return { rgb, mask, width: size, height: size };
}

const levels = (report: MainImageReport) =>
  Object.fromEntries(report.rules.map((rule) => [rule.key, [rule.level, rule.pass]]));

/** Issue 55: the main images of Mercado Libre and Lazada, as their own rules judge them. */
describe('Mercado Libre and Lazada main images', () => {
  const grey = productOn(1200, [225, 225, 225]);

  it('Mercado Libre fails a cover on a light grey studio background: it wants pure white', () => {
    const report = checkMainImage(grey, 'mercadolibre');
    assert.equal(report.pass, false);
    assert.deepEqual(levels(report).background, ['required', false]);
    assert.equal(checkMainImage(productOn(1200, [255, 255, 255]), 'mercadolibre').pass, true);
  });

  it('Lazada only recommends white, but a photo under 500 px fails', () => {
    const report = checkMainImage(grey, 'lazada');
    assert.equal(report.pass, true);
    assert.deepEqual(levels(report).background, ['recommended', false]);
    const small = checkMainImage(productOn(400, [255, 255, 255]), 'lazada');
    assert.equal(small.pass, false);
    assert.deepEqual(levels(small).size, ['required', false]);
  });
});
