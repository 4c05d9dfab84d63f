import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { httpMatting } from '../src/providers/matting/http-matting.ts';
import type { MattingEngine } from '../src/providers/matting/matting-engine.ts';
import { onnxMatting } from '../src/providers/matting/onnx-matting.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { type FakeRembg, startFakeRembg } from './fakes/fake-rembg.ts';

/**
 * Matting quality with the real bundled model: products with a known outline on busy backgrounds
 * the tests draw, scored by intersection-over-union against the known mask. The floor is far below
 * what the model reaches (about 0.99) and far above what a broken pipeline gives (a mask of
 * everything or nothing scores under 0.2 here).
 */
const IOU_FLOOR = 0.9;
const SIZE = 768;

interface Scene {
  name: string;
  image: Buffer;
  inside: (x: number, y: number) => boolean;
}

/** Busy backgrounds: fractal noise in colour, or diagonal stripes. */
const backgrounds = {
  noise:
    '<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="4" seed="9"/></filter>' +
    `<rect width="${SIZE}" height="${SIZE}" fill="#7a8f5c"/><rect width="${SIZE}" height="${SIZE}" filter="url(#n)" opacity="0.85"/>`,
  stripes:
    '<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">' +
    '<rect width="48" height="48" fill="#e8d9b0"/><rect width="24" height="48" fill="#9fb7c9"/></pattern>' +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#p)"/>`,
};

async function draw(background: string, product: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${background}${product}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

async function scenes(): Promise<Scene[]> {
  // A round product (a red ball with a highlight) and a bottle (body and cap).
  const ball = { cx: 384, cy: 400, r: 230 };
  const bottle = { body: { x: 284, y: 250, w: 200, h: 420, r: 40 }, cap: { x: 334, y: 150, w: 100, h: 110 } };
  return [
    {
      name: 'a ball on noise',
      image: await draw(
        backgrounds.noise,
        `<circle cx="${ball.cx}" cy="${ball.cy}" r="${ball.r}" fill="#d42a2a"/><circle cx="320" cy="330" r="60" fill="#f07a7a"/>`,
      ),
      inside: (x, y) => (x - ball.cx) ** 2 + (y - ball.cy) ** 2 <= ball.r ** 2,
    },
    {
      name: 'a bottle on stripes',
      image: await draw(
        backgrounds.stripes,
        `<rect x="${bottle.body.x}" y="${bottle.body.y}" width="${bottle.body.w}" height="${bottle.body.h}" fill="#1f5fae"/>` +
          `<rect x="${bottle.cap.x}" y="${bottle.cap.y}" width="${bottle.cap.w}" height="${bottle.cap.h}" fill="#222222"/>`,
      ),
      inside: (x, y) =>
        (x >= bottle.body.x &&
          x < bottle.body.x + bottle.body.w &&
          y >= bottle.body.y &&
          y < bottle.body.y + bottle.body.h) ||
        (x >= bottle.cap.x &&
          x < bottle.cap.x + bottle.cap.w &&
          y >= bottle.cap.y &&
          y < bottle.cap.y + bottle.cap.h),
    },
  ];
}

function iou(mask: Uint8Array, width: number, inside: (x: number, y: number) => boolean): number {
  let intersection = 0;
  let union = 0;
  for (let p = 0; p < mask.length; p += 1) {
    const predicted = (mask[p] as number) >= 128;
    const truth = inside(p % width, Math.floor(p / width));
    if (predicted && truth) intersection += 1;
    if (predicted || truth) union += 1;
  }
  return intersection / union;
}

describe('matting quality with the bundled ISNet model', () => {
  let engine: MattingEngine;
  before(() => {
    engine = onnxMatting({ model: 'medium', workers: 2, queue: 4, cores: 2 });
  });
  after(() => engine.close());

  it(`finds products with known outlines on busy backgrounds (IoU ≥ ${IOU_FLOOR})`, async () => {
    const all = await scenes();
    const masks = await Promise.all(all.map((scene) => engine.matte(scene.image)));
    for (const [i, scene] of all.entries()) {
      const result = masks[i];
      assert.ok(result);
      assert.deepEqual([result.width, result.height], [SIZE, SIZE]);
      const score = iou(result.mask, SIZE, scene.inside);
      assert.ok(score >= IOU_FLOOR, `${scene.name}: IoU ${score.toFixed(3)}`);
      // The floor is meaningful: an all-product mask scores badly on the same scene.
      assert.ok(iou(new Uint8Array(SIZE * SIZE).fill(255), SIZE, scene.inside) < 0.3);
    }
  });
});

describe('the HTTP matting adapter (rembg protocol)', () => {
  let fake: FakeRembg;
  let url: string;
  before(async () => {
    fake = await startFakeRembg();
    url = fake.url;
  });
  after(() => fake.close());

  it('sends the image as `file` and reads the mask from the PNG it gets back', async () => {
    const engine = httpMatting({ url, timeoutMs: 5000 });
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from('<svg width="10" height="20"><rect width="10" height="20" fill="#000"/></svg>'),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const result = await engine.matte(image);
    assert.deepEqual([result.width, result.height], [40, 20]);
    assert.equal(result.mask[5], 255, 'the dark product');
    assert.equal(result.mask[30], 0, 'the white background');
    assert.deepEqual(fake.seen.at(-1), { field: 'file', path: '/api/remove' });
  });

  it('turns a busy service into a retry wait, and a failure into an error', async () => {
    const engine = httpMatting({ url, timeoutMs: 5000 });
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    fake.mode = 'busy';
    await assert.rejects(engine.matte(image), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.kind, 'busy');
      assert.equal(error.retryAfter, 12);
      assert.equal(error.retryable, true);
      return true;
    });
    fake.mode = 'broken';
    await assert.rejects(engine.matte(image), /HTTP 500/);
    fake.mode = 'ok';
  });
});
