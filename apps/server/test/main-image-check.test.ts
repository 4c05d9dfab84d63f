import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MainImageReport } from '@chuhai/contract';
import { checkMainImage, type MaskedPixels } from '../src/imaging/main-image-check.ts';

/** Pixels with a known answer: a `box` of product colour on a background colour, and its exact mask. */
function scene(
  width: number,
  height: number,
  box: { left: number; top: number; width: number; height: number },
  background: [number, number, number],
): MaskedPixels {
  const rgb = new Uint8Array(width * height * 3);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      const inside = x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      mask[p] = inside ? 255 : 0;
      rgb.set(inside ? [30, 60, 90] : background, p * 3);
    }
  return { rgb, mask, width, height };
}

const verdicts = (report: MainImageReport) =>
  Object.fromEntries(report.rules.map((rule) => [rule.key, [rule.pass, rule.measured]]));

describe('the Amazon main-image check', () => {
  it('passes a 2000 px square with the product at 85% on pure white', () => {
    const report = checkMainImage(
      scene(2000, 2000, { left: 150, top: 300, width: 1700, height: 1400 }, [255, 255, 255]),
    );
    assert.equal(report.pass, true);
    assert.deepEqual(verdicts(report), {
      background: [true, '背景 100% 为纯白'],
      fill: [true, '产品占 85%'],
      size: [true, '2000×2000 px'],
      square: [true, '1:1'],
      objects: [true, '只有一件商品'],
      ghost: [true, '半透明部分占商品 0%'],
    });
  });

  it('measures each failure: grey background, small product, small and not square', () => {
    const report = checkMainImage(
      scene(800, 600, { left: 300, top: 200, width: 200, height: 150 }, [240, 240, 240]),
    );
    assert.equal(report.pass, false);
    assert.deepEqual(verdicts(report), {
      background: [false, '背景 0% 为纯白'],
      fill: [false, '产品占 25%'],
      size: [false, '800×600 px'],
      square: [false, '1.33:1'],
      objects: [true, '只有一件商品'],
      ghost: [true, '半透明部分占商品 0%'],
    });
    assert.ok(
      report.rules.filter((rule) => !rule.pass).every((rule) => rule.advice !== ''),
      'every failure says what to do',
    );
  });

  it('counts off-white as not white, notes 2000 px as recommended, and fails a product touching the edges', () => {
    // Near-white JPEG noise (253+) passes; 250 does not. 1200 px passes with a recommendation.
    const jpegWhite = checkMainImage(
      scene(1200, 1200, { left: 90, top: 90, width: 1020, height: 1020 }, [254, 253, 255]),
    );
    assert.deepEqual(verdicts(jpegWhite).background, [true, '背景 100% 为纯白']);
    assert.deepEqual(verdicts(jpegWhite).size, [true, '1200×1200 px（推荐 2000 px）']);
    const cream = checkMainImage(
      scene(1200, 1200, { left: 90, top: 90, width: 1020, height: 1020 }, [250, 250, 250]),
    );
    assert.equal(verdicts(cream).background?.[0], false);
    const bleeding = checkMainImage(
      scene(1000, 1000, { left: 0, top: 100, width: 1000, height: 800 }, [255, 255, 255]),
    );
    assert.deepEqual(verdicts(bleeding).fill, [false, '产品占 100%']);
    assert.match(bleeding.rules.find((r) => r.key === 'fill')?.advice ?? '', /贴边/);
  });

  it('reports no product and no background plainly', () => {
    const empty = checkMainImage(
      scene(1000, 1000, { left: 0, top: 0, width: 0, height: 0 }, [255, 255, 255]),
    );
    assert.deepEqual(verdicts(empty).fill, [false, '没有找到产品']);
    const full = checkMainImage(
      scene(1000, 1000, { left: 0, top: 0, width: 1000, height: 1000 }, [255, 255, 255]),
    );
    assert.deepEqual(verdicts(full).background, [false, '画面里没有背景']);
  });
});

describe("every marketplace's main-image rules", () => {
  const levels = (report: MainImageReport) =>
    Object.fromEntries(report.rules.map((rule) => [rule.key, [rule.level, rule.pass]]));

  it('Walmart requires pure white, 1:1 and 1500 px; a good 1200 px Amazon image fails it on size alone', () => {
    const image = scene(1200, 1200, { left: 90, top: 90, width: 1020, height: 1020 }, [255, 255, 255]);
    assert.equal(checkMainImage(image, 'amazon').pass, true);
    const walmart = checkMainImage(image, 'walmart');
    assert.equal(walmart.pass, false);
    assert.deepEqual(levels(walmart), {
      background: ['required', true],
      fill: ['recommended', true],
      size: ['required', false],
      square: ['required', true],
      objects: ['required', true],
      ghost: ['required', true],
    });
  });

  it('TikTok Shop only recommends a white background: a grey 800 px photo passes with advice', () => {
    const report = checkMainImage(
      scene(800, 800, { left: 100, top: 100, width: 600, height: 600 }, [200, 200, 200]),
      'tiktok',
    );
    assert.equal(report.pass, true);
    assert.deepEqual(levels(report).background, ['recommended', false]);
    assert.deepEqual(levels(report).size, ['required', true]);
  });

  it('a shop of your own has no rule but size, and eBay has no fill or square rule', () => {
    const wide = scene(1600, 900, { left: 100, top: 100, width: 400, height: 300 }, [120, 30, 30]);
    assert.deepEqual(Object.keys(levels(checkMainImage(wide, 'shopify'))), ['size']);
    assert.deepEqual(Object.keys(levels(checkMainImage(wide, 'ebay'))), [
      'background',
      'size',
      'objects',
      'ghost',
    ]);
    assert.equal(checkMainImage(wide, 'ebay').pass, true, 'eBay only recommends white');
  });
});

describe('「只有商品」: what a reviewer refuses that size and white cannot show', () => {
  const product = { left: 150, top: 300, width: 1700, height: 1400 };
  const white: [number, number, number] = [255, 255, 255];
  const rule = (report: MainImageReport, key: string) => report.rules.find((r) => r.key === key);

  it('fails a part apart from the product (a person beside it), shows where, and passes it once the seller says all are the product', () => {
    const image = scene(2000, 2000, { left: 150, top: 300, width: 1200, height: 1400 }, white);
    // A figure 200×600 to the right of the product, not touching it.
    for (let y = 700; y < 1300; y += 1)
      for (let x = 1500; x < 1700; x += 1) {
        image.mask[y * 2000 + x] = 255;
        image.rgb.set([200, 150, 120], (y * 2000 + x) * 3);
      }
    const report = checkMainImage(image, 'amazon', { enlargement: 1 });
    assert.equal(report.pass, false);
    assert.equal(rule(report, 'objects')?.measured, '除商品外还有 1 个分开的部分');
    assert.deepEqual(rule(report, 'objects')?.found, [{ x: 1500, y: 700, width: 200, height: 600 }]);
    const confirmed = checkMainImage(image, 'amazon', { enlargement: 1 }, { lines: null, allParts: true });
    assert.equal(rule(confirmed, 'objects')?.pass, true);
    assert.match(rule(confirmed, 'objects')?.measured ?? '', /卖家确认都是商品/);
    // Confirmed with one part and nothing taken away: nothing to confirm.
    const single = checkMainImage(
      scene(2000, 2000, product, white),
      'amazon',
      { enlargement: 1 },
      { lines: null, allParts: true },
    );
    assert.equal(rule(single, 'objects')?.measured, '只有一件商品');
    // A speck under 1% of the product is not an object (cleanMask drops those).
    const speck = scene(2000, 2000, product, white);
    for (let y = 100; y < 110; y += 1) for (let x = 100; x < 110; x += 1) speck.mask[y * 2000 + x] = 255;
    assert.equal(rule(checkMainImage(speck), 'objects')?.pass, true);
  });

  it('fails a product left half-transparent over a large part (a ghost), not one with a soft edge', () => {
    const ghost = scene(2000, 2000, product, white);
    for (let y = 300; y < 900; y += 1) for (let x = 150; x < 1850; x += 1) ghost.mask[y * 2000 + x] = 120;
    const report = checkMainImage(ghost);
    assert.equal(report.pass, false);
    assert.match(rule(report, 'ghost')?.measured ?? '', /半透明部分占商品 42\.5%/);
    const soft = scene(2000, 2000, product, white);
    for (let y = 300; y < 1700; y += 1) for (const x of [150, 151, 1848, 1849]) soft.mask[y * 2000 + x] = 120;
    assert.equal(rule(checkMainImage(soft), 'ghost')?.pass, true);
  });

  it('fails text on the white background or across the product’s outline, allows text printed on the product', () => {
    const image = scene(2000, 2000, product, white);
    const printed = { text: 'AQUA', box: { x: 600, y: 800, width: 400, height: 120 } };
    const onWhite = { text: 'Free shipping', box: { x: 200, y: 100, width: 600, height: 100 } };
    const across = { text: '买一送一', box: { x: 1700, y: 1000, width: 300, height: 100 } };
    const clean = checkMainImage(image, 'amazon', undefined, { lines: [printed] });
    assert.deepEqual(
      [rule(clean, 'text')?.pass, rule(clean, 'text')?.measured],
      [true, '1 处文字都印在商品上'],
    );
    const added = checkMainImage(image, 'amazon', undefined, { lines: [printed, onWhite, across] });
    assert.equal(added.pass, false);
    assert.equal(rule(added, 'text')?.measured, '有 2 处附加文字：「Free shipping」、「买一送一」');
    assert.deepEqual(rule(added, 'text')?.found, [onWhite.box, across.box]);
    // TikTok Shop only recommends it: the image still passes, with the advice.
    assert.equal(checkMainImage(image, 'tiktok', undefined, { lines: [onWhite] }).pass, true);
  });
});
