/**
 * The pixel pool (imaging/pixel-pool.ts): the main image's pixel work in worker threads gives the
 * same bytes and the same reports as on the event loop, leaves the event loop free meanwhile, and
 * queues a durable queue's work instead of refusing it.
 */
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, describe, it } from 'node:test';
import { MAIN_IMAGE_RULE_SETS, ResultCode } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createOcrEngine, type OcrEngine } from '../src/imaging/ocr/index.ts';
import { createPixelWork, PIXELS_ON_THIS_THREAD, type PixelWork } from '../src/imaging/pixel-pool.ts';
import { cutOutProduct } from '../src/imaging/product-cutout.ts';
import type { MattingEngine } from '../src/providers/matting/matting-engine.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { sellerError } from '../src/work/seller-error.ts';
import { drawSupplierScene, SUPPLIER_SCENES } from './fakes/supplier-scenes.ts';
import { CornerColourMatting, productPhoto } from './studio-helpers.ts';

const SIZE = MAIN_IMAGE_RULE_SETS.amazon.size;
const silentLog = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** The cut-out, the Amazon main image and its check, the photo's check and the product on a colour. */
async function everything(
  pixels: PixelWork,
  ocr: OcrEngine,
  photo: Buffer,
  allParts: boolean,
  matting: Pick<MattingEngine, 'matte'> = new CornerColourMatting(),
) {
  const only = await cutOutProduct({ ocr, matting, pixels }, photo, { allParts });
  const made = await pixels.whiteMainImage(only.image, only.matte, SIZE);
  const lines = await ocr.readLines(made.bytes);
  const report = await pixels.checkMainImage(made.pixels, 'amazon', made, { lines, dropped: only.dropped });
  const photoReports = await pixels.checkPhoto(photo, await matting.matte(photo), ['amazon', 'shopee']);
  const colour = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#f3e5d8"/></svg>',
  );
  const placed = await pixels.placeOnBackground(only.image, only.matte, colour, {
    scale: 0.8,
    x: 0.5,
    y: 0.9,
    shadow: true,
  });
  return { only, made, report, photoReports, placed };
}

describe('the pixel pool', () => {
  const pool = createPixelWork(1);
  after(() => pool.close());

  it('makes the same cut-out, main image and reports as on the event loop, byte for byte', async () => {
    const ocr = createOcrEngine();
    try {
      // A caption across the bottle (erased, matted again) and a column of facts beside it (dropped).
      for (const name of ['outlined caption across a bottle', 'bottle beside a column of facts']) {
        const scene = SUPPLIER_SCENES.find((s) => s.name === name);
        assert.ok(scene);
        const photo = await drawSupplierScene(scene);
        const here = await everything(PIXELS_ON_THIS_THREAD, ocr, photo, false);
        const pooled = await everything(pool, ocr, photo, false);
        assert.ok(here.only.erased + here.only.dropped > 0, `${name}: the fix had something to do`);
        assert.ok(pooled.only.image.equals(here.only.image), `${name}: the cut-out's picture`);
        assert.ok(pooled.only.matte.mask.equals(here.only.matte.mask), `${name}: the cut-out's mask`);
        assert.deepEqual(
          [pooled.only.dropped, pooled.only.erased, pooled.made.enlargement],
          [here.only.dropped, here.only.erased, here.made.enlargement],
        );
        assert.ok(pooled.made.bytes.equals(here.made.bytes), `${name}: the main image's JPEG`);
        assert.deepEqual(Buffer.from(pooled.made.pixels.mask), Buffer.from(here.made.pixels.mask));
        assert.deepEqual(pooled.report, here.report);
        assert.deepEqual(pooled.photoReports, here.photoReports);
        assert.ok(pooled.placed.bytes.equals(here.placed.bytes), `${name}: the product on a colour`);
      }
    } finally {
      await ocr.close();
    }
  });

  it('leaves the event loop free while a 2000² main image is made', async (t) => {
    const noText: OcrEngine = { readLines: async () => [], close: async () => {} };
    const photo = await productPhoto({
      width: 2000,
      height: 2000,
      box: { left: 500, top: 300, width: 900, height: 1400 },
      background: '#f4f2ee',
    });
    // The matte found once: the test double's per-pixel loop runs on this thread, the model's would not.
    const matte = await new CornerColourMatting().matte(photo);
    const matting = { matte: async () => matte };
    /** The longest the event loop was held while `pixels` made and checked the main image. */
    const longestStall = async (pixels: PixelWork) => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const { report } = await everything(pixels, noText, photo, false, matting);
      loop.disable();
      assert.equal(report.pass, true, JSON.stringify(report.rules.filter((r) => !r.pass)));
      return loop.max / 1e6;
    };
    await longestStall(pool); // the worker started and its modules loaded
    const here = await longestStall(PIXELS_ON_THIS_THREAD);
    const pooled = await longestStall(pool);
    t.diagnostic(
      `longest stall: ${here.toFixed(0)} ms on the event loop, ${pooled.toFixed(0)} ms with the pool`,
    );
    // Noisy machines: only a gross regression fails (on 2 busy cores 1.5 s against 44 ms).
    assert.ok(here > 150, `on the event loop the work holds it (${here.toFixed(0)} ms)`);
    assert.ok(
      pooled < here / 3,
      `the pool held the loop ${pooled.toFixed(0)} ms, on the loop ${here.toFixed(0)} ms`,
    );
  });

  it('refuses a request when its queue is full (429), but queues background work however long', async () => {
    const tiny = createPixelWork(1);
    try {
      const pixels = { rgb: new Uint8Array(300), mask: new Uint8Array(100), width: 10, height: 10 };
      const check = (work: PixelWork) => work.checkMainImage(pixels, 'amazon');
      // One running, four waiting (1 worker × 4): the sixth request is refused at once.
      const requests = Array.from({ length: 5 }, () => check(tiny));
      await assert.rejects(check(tiny), (error: unknown) => {
        assert.ok(error instanceof ProviderError && error.kind === 'busy', String(error));
        assert.ok((error.retryAfter ?? 0) >= 1);
        // The pool's own words, not the matting service's: 图片翻译 and 一键出海 wait on it too.
        const said = sellerError(error, 'chat', silentLog);
        assert.equal(said.code, ResultCode.tooManyRequests);
        assert.match(said.message, /^图片处理排队的人太多了，请 \d+ 秒后再试$/);
        return true;
      });
      // Background work is never refused, and waits behind the requests.
      const background = Array.from({ length: 20 }, () => check(tiny.background));
      const reports = await Promise.all([...requests, ...background]);
      assert.equal(reports.length, 25);
      assert.ok(reports.every((r) => r.pass === false && r.rules.length > 0));
    } finally {
      await tiny.close();
    }
  });
});
