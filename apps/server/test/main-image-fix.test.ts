import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IMAGE_MARKETPLACE_IDS, MAIN_IMAGE_RULE_SETS } from '@chuhai/contract';
import sharp from 'sharp';
import { whiteMainImage } from '../src/imaging/compose.ts';
import { checkMainImage } from '../src/imaging/main-image-check.ts';
import type { AlphaMask } from '../src/providers/matting/matting-engine.ts';

/**
 * Photos as a real cut-out leaves them, not as the test images are drawn: what the matting model
 * gives back beside the product (faint haze of the old background, a detached speck, soft edges
 * that carry the background's colour), each of which made 一键修正 produce a main image that failed
 * the product's own check.
 */
interface Photo {
  name: string;
  image: Buffer;
  matte: AlphaMask;
}

/** A product (an ellipse, soft-edged) on a coloured background, with whatever the cut-out adds. */
async function photo(
  name: string,
  options: {
    background: [number, number, number];
    product: [number, number, number];
    haze?: boolean;
    speck?: boolean;
    thin?: boolean;
    /** Thin legs under the body, 2 px wide with soft sides, every 12 px (an insect, a comb, a stand). */
    legs?: boolean;
    box?: { cx: number; cy: number; rx: number; ry: number };
    /** Times the usual 900×700 (a larger photo is cleaned at a smaller working size). */
    scale?: number;
  },
): Promise<Photo> {
  const k = options.scale ?? 1;
  const W = 900 * k;
  const H = 700 * k;
  const base = options.box ?? { cx: 450, cy: 360, rx: 220, ry: 260 };
  const [cx, cy, rx, ry] = [base.cx * k, base.cy * k, base.rx * k, base.ry * k];
  const rgb = Buffer.alloc(W * H * 3);
  const mask = Buffer.alloc(W * H);
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1) {
      const p = y * W + x;
      // Signed distance outside the ellipse, in pixels (roughly): the soft edge is 3 px wide.
      const d = (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);
      let alpha = Math.max(0, Math.min(1, 0.5 - d / 3));
      if (options.thin && Math.abs(x - cx) < 3 && y < cy - ry && y > cy - ry - 150 * k) alpha = 1; // a strap
      if (options.legs && y > cy && y < cy + ry + 80 && Math.abs(x - cx) < rx) {
        const leg = Math.floor(x - cx + rx) % 12;
        alpha = Math.max(alpha, leg === 1 || leg === 2 ? 1 : leg === 0 || leg === 3 ? 0.47 : 0);
      }
      // The photo: product where the product is, background elsewhere, mixed along the edge.
      for (let c = 0; c < 3; c += 1)
        rgb[p * 3 + c] = Math.round(
          alpha * (options.product[c] as number) + (1 - alpha) * (options.background[c] as number),
        );
      let m = Math.round(alpha * 255);
      // Haze: the model's faint leftovers of the background, everywhere below alpha 16 and a band up to 60.
      if (options.haze && m === 0) m = (x * 7 + y * 13) % 16;
      if (options.haze && m === 0 && y > cy + ry && y < cy + ry + 40 * k) m = 40;
      mask[p] = m;
    }
  // A detached speck of the background the model took for product, far from it.
  if (options.speck) for (let y = 20; y < 50; y += 1) for (let x = 20; x < 50; x += 1) mask[y * W + x] = 220;
  const image = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, image, matte: { mask, width: W, height: H } };
}

const HARD_CASES = () =>
  Promise.all([
    photo('clean', { background: [200, 200, 200], product: [40, 70, 120] }),
    photo('haze', { background: [120, 110, 100], product: [40, 70, 120], haze: true }),
    photo('speck', { background: [150, 160, 170], product: [200, 40, 40], speck: true }),
    photo('coloured background bleeding into the edge', {
      background: [20, 180, 40],
      product: [230, 230, 240],
    }),
    photo('dark on dark', { background: [25, 25, 30], product: [10, 10, 12], haze: true }),
    photo('thin strap', { background: [180, 170, 160], product: [60, 40, 30], thin: true, haze: true }),
    photo('haze and a speck on a 2.5-megapixel photo', {
      background: [120, 110, 100],
      product: [40, 70, 120],
      haze: true,
      speck: true,
      scale: 2,
    }),
    photo('small product', {
      background: [210, 205, 200],
      product: [40, 70, 120],
      box: { cx: 300, cy: 250, rx: 60, ry: 80 },
      haze: true,
    }),
    // Enlarged about 12 times for Amazon: resizing spread the soft sides of its legs into a faint
    // halo on the white (1.5% of the background off-white before the halo was cleared).
    photo('small product on thin legs, enlarged many times', {
      background: [200, 120, 60],
      product: [90, 30, 20],
      box: { cx: 450, cy: 320, rx: 70, ry: 20 },
      legs: true,
    }),
  ]);

/** How many separate parts (4-neighbour, alpha ≥ 16) a mask has: a speck or smudge is one more. */
function parts(mask: Uint8Array, width: number): number {
  const seen = new Uint8Array(mask.length);
  let count = 0;
  for (let start = 0; start < mask.length; start += 1) {
    if (seen[start] || (mask[start] as number) < 16) continue;
    count += 1;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width])
        if (q >= 0 && q < mask.length && !seen[q] && (mask[q] as number) >= 16) {
          seen[q] = 1;
          stack.push(q);
        }
    }
  }
  return count;
}

describe('一键修正: main images that pass their own check on hard photos', () => {
  it('passes every requirement of every marketplace on every hard case', async () => {
    const failures: string[] = [];
    for (const photoCase of await HARD_CASES())
      for (const marketplace of IMAGE_MARKETPLACE_IDS) {
        const made = await whiteMainImage(
          photoCase.image,
          photoCase.matte,
          MAIN_IMAGE_RULE_SETS[marketplace].size,
        );
        const report = checkMainImage(made.pixels, marketplace, made);
        const pieces = parts(made.pixels.mask, made.width);
        if (pieces !== 1)
          failures.push(`${photoCase.name} · ${marketplace}: ${pieces} parts on the white, not one`);
        if (!report.pass)
          failures.push(
            `${photoCase.name} · ${marketplace}: ${report.rules
              .filter((r) => !r.pass && r.level === 'required')
              .map((r) => r.measured)
              .join('，')}`,
          );
      }
    assert.deepEqual(failures, []);
  });

  it('says when the product had to be enlarged more than twice, and by how much', async () => {
    const [small, large] = await Promise.all([
      photo('small', {
        background: [200, 200, 200],
        product: [40, 70, 120],
        box: { cx: 450, cy: 350, rx: 30, ry: 40 },
      }),
      photo('large', { background: [200, 200, 200], product: [40, 70, 120], scale: 2 }),
    ]);
    const sharpness = async (p: typeof small) => {
      const made = await whiteMainImage(p.image, p.matte, 2000);
      const report = checkMainImage(made.pixels, 'amazon', made);
      return { report, rule: report.rules.find((r) => r.key === 'sharpness'), enlargement: made.enlargement };
    };
    const soft = await sharpness(small);
    assert.ok(soft.enlargement > 15, `enlarged ${soft.enlargement}×`);
    assert.equal(soft.rule?.pass, false);
    assert.equal(soft.rule?.level, 'recommended');
    assert.match(soft.rule?.measured ?? '', /^原图分辨率低，已放大 2\d(\.\d)? 倍，可能不清晰$/);
    assert.equal(soft.report.pass, true, 'a recommendation does not fail the image');
    const sharp = await sharpness(large);
    assert.ok(sharp.enlargement < 2, `enlarged ${sharp.enlargement}×`);
    assert.equal(sharp.rule?.pass, true);
  });

  it('takes the old background’s colour out of the soft edge: no green fringe on white', async () => {
    const green = await photo('green', { background: [20, 180, 40], product: [230, 230, 240] });
    const made = await whiteMainImage(green.image, green.matte, 1000);
    const { rgb, mask } = made.pixels;
    let tint = 0;
    let edge = 0;
    for (let p = 0; p < mask.length; p += 1) {
      if ((mask[p] as number) < 16 || (mask[p] as number) > 200) continue;
      const [r, g, b] = [rgb[p * 3] as number, rgb[p * 3 + 1] as number, rgb[p * 3 + 2] as number];
      tint += g - (r + b) / 2;
      edge += 1;
    }
    assert.ok(edge > 100, `${edge} edge pixels`);
    assert.ok(tint / edge < 5, `the edge leans green by ${(tint / edge).toFixed(1)} levels`);
  });
});
