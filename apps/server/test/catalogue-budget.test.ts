import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { LOCALISE_LIMITS, ResultCode } from '@chuhai/contract';
import { auth, registerUser } from './account-helpers.ts';
import { inlineXlsx, photosZip } from './catalogue-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { signedHeaders } from './helpers.ts';
import { xlsxOfWideRows, xlsxWithAliasedBlob, xlsxWithTail } from './sheet-bombs.ts';
import { multipart, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;
type Catalogue = {
  products: { code: string; mainPhotoId: number; detailPhotoIds: number[] }[];
  refused: { row: number; code: string; reason: string }[];
  ignoredPhotos: { name: string; reason: string }[];
};
const URL_PATH = '/api/v1/localise/catalogue';
const MB = 1024 * 1024;

/**
 * A JPEG whose header says `width`×`height` and whose data is noise: it costs a decoder nothing
 * to refuse, so a test can tell which photos were decoded (refused as broken) from which were not.
 */
function brokenJpeg(width: number, height: number): Uint8Array {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Uint8Array.from([0xff, 0xd8, ...sof, ...components, 0xff, 0xda, 0, 2, 1, 2, 3, 4, 0xff, 0xd9]);
}

/** A ZIP with one good photo for product A-01. */
const oneProductZip = async () =>
  photosZip({
    'A-01.jpg': await productPhoto({
      width: 300,
      height: 300,
      box: { left: 50, top: 50, width: 200, height: 200 },
    }),
  });

const sheetOf = (codes: string[]) =>
  inlineXlsx([['商品编码', '商品名称'], ...codes.map((c) => [c, `商品 ${c}`])]);

describe('一键出海商品表: what one upload may cost (issue 49)', () => {
  let ctx: Ctx;
  let base: string;
  before(async () => {
    ctx = await buildChatApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  after(() => ctx.close());

  const send = (sheet: Buffer, zip: Buffer, token = ctx.token) =>
    postForm(ctx.app, URL_PATH, token, {}, [
      { field: 'sheet', name: '商品.xlsx', bytes: sheet },
      { field: 'photos', name: 'photos.zip', bytes: zip },
    ]);

  it('the event loop stays free while the worst sheets are read, and another seller is answered', async (t) => {
    const other = await registerUser(ctx, '13800049001', { ip: '10.49.0.1' });
    const zip = await oneProductZip();
    const attacks = {
      'endless tag (20 MB part)': xlsxWithTail('xl/worksheets/sheet1.xml', '<a'.repeat(10 * MB - 4096)),
      'endless tag in _rels/.rels': xlsxWithTail('_rels/.rels', '<a'.repeat(256 * 1024)),
      '25 .rels on one 20 MB blob': xlsxWithAliasedBlob(25, 20 * MB - 1024),
      '100,000 rows at column GR': xlsxOfWideRows(100_000, 'GR', 'x'),
    };
    for (const [name, sheet] of Object.entries(attacks)) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      let reading = true;
      const pings: number[] = [];
      const pinger = (async () => {
        while (reading) {
          const sent = performance.now();
          const res = await fetch(`${base}/api/v1/info`, {
            headers: { ...signedHeaders('/api/v1/info'), ...auth(other) },
          });
          await res.arrayBuffer();
          pings.push(performance.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const res = await send(sheet, zip);
      reading = false;
      await pinger;
      delay.disable();
      t.diagnostic(
        `${name}: ${sheet.length} bytes → ${res.statusCode}; ${pings.length} pings, slowest ${Math.max(...pings).toFixed(0)} ms; loop held up to ${(delay.max / 1e6).toFixed(0)} ms`,
      );
      assert.ok(res.statusCode === 200 || res.statusCode === 400, `${name}: ${res.body}`);
      // The old reader held it 7–41 s; the worker, tens of ms (diagnostics; bench:catalogue measures it).
      assert.ok(
        delay.max / 1e6 < 1000,
        `${name}: the event loop was held ${(delay.max / 1e6).toFixed(0)} ms`,
      );
      assert.ok(pings.length >= 2, `${name}: ${pings.length} pings`);
    }
  });

  it('a product’s photos past the 9 it uses are dropped before they are decoded', async () => {
    const photos: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1 + LOCALISE_LIMITS.detailPictures; i += 1)
      photos[`A-01-${i + 1}.jpg`] = await productPhoto({
        width: 200 + i,
        height: 200,
        box: { left: 40, top: 40, width: 100, height: 100 },
      });
    // After them in the ZIP and in the product's order: were they decoded, they would refuse the row as broken.
    for (let i = 10; i < 40; i += 1) photos[`A-01-${i}.jpg`] = brokenJpeg(6000, 4000);
    const res = await send(sheetOf(['A-01']), photosZip(photos));
    assert.equal(res.json().code, 200, res.body);
    const catalogue = res.json().data as Catalogue;
    assert.deepEqual(catalogue.refused, []);
    assert.equal(catalogue.products[0]?.detailPhotoIds.length, LOCALISE_LIMITS.detailPictures);
    const extras = catalogue.ignoredPhotos.filter((p) => /超过 1 张主图/.test(p.reason));
    assert.equal(extras.length, 30);
  });

  it('a broken photo the product would not use does not refuse its row, wherever it is in the ZIP', async () => {
    // First in the ZIP, so it is decoded before the photos that push it past the 9 the product uses.
    const photos: Record<string, Uint8Array> = { 'A-01-50.jpg': brokenJpeg(600, 400) };
    for (let i = 0; i < 1 + LOCALISE_LIMITS.detailPictures; i += 1)
      photos[`A-01-${i + 1}.jpg`] = await productPhoto({
        width: 200 + i,
        height: 200,
        box: { left: 40, top: 40, width: 100, height: 100 },
      });
    photos['B-01.jpg'] = brokenJpeg(600, 400);
    const res = await send(sheetOf(['A-01', 'B-01']), photosZip(photos));
    assert.equal(res.json().code, 200, res.body);
    const catalogue = res.json().data as Catalogue;
    assert.deepEqual(
      catalogue.products.map((p) => [p.code, p.detailPhotoIds.length]),
      [['A-01', LOCALISE_LIMITS.detailPictures]],
    );
    assert.deepEqual(
      catalogue.ignoredPhotos.filter((p) => /超过 1 张主图/.test(p.reason)).map((p) => p.name),
      ['A-01-50.jpg'],
    );
    // A broken photo the product does use still refuses it, and says which.
    assert.deepEqual(
      catalogue.refused.map((r) => r.code),
      ['B-01'],
    );
    assert.match(catalogue.refused[0]?.reason ?? '', /B-01\.jpg/);
  });

  it('photos past the upload’s pixel budget are not decoded, and say why', async () => {
    const each = 6000 * 6600; // 39.6 megapixels by the header
    const decodable = Math.floor(LOCALISE_LIMITS.catalogue.photoPixels / each);
    const codes = Array.from({ length: decodable + 3 }, (_, i) => `P-${String(i).padStart(2, '0')}`);
    const photos = Object.fromEntries(codes.map((code) => [`${code}.jpg`, brokenJpeg(6000, 6600)]));
    const res = await send(sheetOf(codes), photosZip(photos));
    assert.equal(res.json().code, 200, res.body);
    const catalogue = res.json().data as Catalogue;
    const reasons = catalogue.refused.map((r) => r.reason);
    assert.equal(reasons.length, codes.length);
    assert.equal(reasons.filter((r) => /已损坏或不完整/.test(r)).length, decodable);
    assert.equal(reasons.filter((r) => /加起来超过 15 亿像素/.test(r)).length, 3);
  });

  it('a seller reads one catalogue at a time; another seller is not held', async () => {
    const seller = await registerUser(ctx, '13800049002', { ip: '10.49.0.2' });
    const other = await registerUser(ctx, '13800049003', { ip: '10.49.0.3' });
    const zip = await oneProductZip();
    const { payload, contentType } = await multipart({}, [
      { field: 'sheet', name: '商品.xlsx', bytes: sheetOf(['A-01']) },
      { field: 'photos', name: 'photos.zip', bytes: zip },
    ]);
    // The first upload sends all but its last bytes, then waits.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(payload.subarray(0, payload.length - 100));
        await held;
        controller.enqueue(payload.subarray(payload.length - 100));
        controller.close();
      },
    });
    const first = fetch(base + URL_PATH, {
      method: 'POST',
      headers: { ...signedHeaders(URL_PATH), ...auth(seller), 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await send(sheetOf(['A-01']), zip, seller);
    assert.equal(second.statusCode, 429, second.body);
    assert.equal(second.json().code, ResultCode.tooManyRequests);
    assert.match(second.json().msg, /上一个商品表还在读取/);
    const elsewhere = await send(sheetOf(['A-01']), zip, other);
    assert.equal(elsewhere.json().code, 200, elsewhere.body);
    release();
    const done = await first;
    assert.equal(((await done.json()) as { code: number }).code, 200);
    // Once it is read, the seller may send the next.
    assert.equal((await send(sheetOf(['A-01']), zip, seller)).json().code, 200);
  });
});
