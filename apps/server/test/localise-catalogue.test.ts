import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCALISE_LIMITS, ResultCode } from '@chuhai/contract';
import { auth, get, post, registerUser, setFreeLimit } from './account-helpers.ts';
import { excelLikeXlsx, inlineXlsx, photosZip } from './catalogue-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;
type Catalogue = {
  products: { code: string; facts: Record<string, string>; mainPhotoId: number; detailPhotoIds: number[] }[];
  refused: { row: number; code: string; reason: string }[];
  ignoredPhotos: { name: string; reason: string }[];
};

const HEADER = ['商品编码', '商品名称', '品牌', '材质', '尺寸', '卖点', '关键词', '包装清单'];
const THREE = [
  HEADER,
  ['A-01', '保温杯', '出海牌', '304 不锈钢', '750 ml', '保冷 24 小时, 一键开盖', '保温杯', '水杯 1 个'],
  ['B-02', '折叠伞', '出海牌', '碳纤维', '', '"三折"，抗风', '雨伞', ''],
  ['c-03', '蓝牙耳机', '', '', '', '续航 30 小时\n降噪', '耳机', '耳机 1 对'],
];

const csvOf = (rows: string[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n')}\r\n`,
  );

/** A photo whose width names it, so a test can tell which stored photo is which. */
const photo = (width: number) =>
  productPhoto({ width, height: 200, box: { left: 20, top: 20, width: 100, height: 100 }, format: 'jpeg' });

/** A's three photos by name (out of order in the ZIP), B's in its folder, c's by a bracketed number. */
async function threePhotos(): Promise<Record<string, Uint8Array>> {
  return {
    'A-01-2.jpg': await photo(303),
    'A-01.jpg': await photo(301),
    'a-01_1.jpg': await photo(302),
    'B-02/背面.jpg': await photo(312),
    'B-02/主图.jpg': await photo(311),
    '图片/C-03 (1).jpg': await photo(321),
  };
}

function sendCatalogue(
  ctx: Ctx,
  sheet: Buffer | null,
  zip: Buffer | null,
  token = ctx.token,
  sheetName = '商品.csv',
) {
  const files = [
    ...(sheet ? [{ field: 'sheet', name: sheetName, bytes: sheet }] : []),
    ...(zip ? [{ field: 'photos', name: 'photos.zip', bytes: zip }] : []),
  ];
  return postForm(ctx.app, '/api/v1/localise/catalogue', token, {}, files);
}

async function catalogueOf(ctx: Ctx, sheet: Buffer, zip: Buffer): Promise<Catalogue> {
  const res = await sendCatalogue(ctx, sheet, zip);
  assert.equal(res.json().code, 200, res.body);
  return res.json().data;
}

/** Widths of stored photos, in the order of `ids`. */
async function widths(ctx: Ctx, ids: number[]): Promise<number[]> {
  const rows = await ctx.app.deps.db
    .selectFrom('stored_images')
    .select(['id', 'width', 'kind'])
    .where('id', 'in', ids)
    .execute();
  assert.ok(rows.every((r) => r.kind === 'localise-photo'));
  return ids.map((id) => rows.find((r) => Number(r.id) === id)?.width ?? 0);
}

const storedPhotos = async (ctx: Ctx) =>
  Number(
    (
      await ctx.app.deps.db
        .selectFrom('stored_images')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'localise-photo')
        .executeTakeFirstOrThrow()
    ).n,
  );

async function usage(ctx: Ctx) {
  const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
  return info.usage.map((u: { feature: string; used: number }) => `${u.feature}:${u.used}`).join(' ');
}

/** The three products and their photos in order, as widths. */
async function assertThree(ctx: Ctx, catalogue: Catalogue) {
  assert.deepEqual(catalogue.refused, []);
  assert.deepEqual(
    catalogue.products.map((p) => [p.code, p.facts.productName]),
    [
      ['A-01', '保温杯'],
      ['B-02', '折叠伞'],
      ['c-03', '蓝牙耳机'],
    ],
  );
  const photos = await Promise.all(
    catalogue.products.map((p) => widths(ctx, [p.mainPhotoId, ...p.detailPhotoIds])),
  );
  assert.deepEqual(photos, [[301, 302, 303], [311, 312], [321]]);
}

function catalogueSuite(ctx: () => Ctx) {
  let zip: Buffer;
  before(async () => {
    zip = photosZip(await threePhotos());
  });

  it('downloads the template (signed in only) and reads it back as one product', async () => {
    const anonymous = await get(ctx().app, '/api/v1/localise/catalogue-template');
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().code, ResultCode.tokenMissing);
    const res = await get(ctx().app, '/api/v1/localise/catalogue-template', auth(ctx().token));
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/csv; charset=utf-8/);
    assert.match(res.headers['content-disposition'] as string, /attachment;.*filename\*=UTF-8''/);
    assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.ok(res.body.includes(HEADER.map((header) => `"${header}"`).join(',')), res.body);
    const catalogue = await catalogueOf(
      ctx(),
      res.rawPayload,
      photosZip({ 'sku-001.jpg': await photo(290) }),
    );
    assert.deepEqual(catalogue.refused, []);
    assert.equal(catalogue.products[0]?.code, 'SKU-001');
    assert.equal(catalogue.products[0]?.facts.brand, '出海牌');
    // The list's thumbnail: the seller's signed link to the main photo.
    assert.match(
      (catalogue.products[0] as { mainPhotoUrl?: string }).mainPhotoUrl ?? '',
      /^\/files\/u\/\d+\/localise-photo\/[^?]+\?exp=\d+&sig=/,
    );
  });

  it('a CSV of 3 products with their photos gives 3 products, photos in order, nothing charged', async () => {
    const before = await usage(ctx());
    const catalogue = await catalogueOf(ctx(), csvOf(THREE), zip);
    await assertThree(ctx(), catalogue);
    assert.equal(catalogue.products[1]?.facts.sellingPoints, '"三折"，抗风');
    assert.equal(catalogue.products[2]?.facts.sellingPoints, '续航 30 小时\n降噪');
    assert.deepEqual(catalogue.ignoredPhotos, []);
    assert.equal(await usage(ctx()), before);
  });

  it('an XLSX gives the same products: the smallest one, and one laid out as Excel saves it', async () => {
    await assertThree(ctx(), await catalogueOf(ctx(), inlineXlsx(THREE), zip));
    // Named .csv: the content decides.
    const res = await sendCatalogue(ctx(), excelLikeXlsx(THREE), zip, ctx().token, '商品.csv');
    assert.equal(res.json().code, 200, res.body);
    await assertThree(ctx(), res.json().data);
  });

  it('a CSV saved by Excel on Chinese Windows (GBK) reads in Chinese', async () => {
    // 商品编码,商品名称,品牌 / SKU-1,"保温杯, 750 毫升",出海牌 in GBK.
    const gbk = Buffer.from(
      'c9ccc6b7b1e0c2eb2cc9ccc6b7c3fbb3c62cc6b7c5c60d0a534b552d312c22b1a3cec2b1ad2c2037353020bac1c9fd222cb3f6baa3c5c60d0a',
      'hex',
    );
    const catalogue = await catalogueOf(ctx(), gbk, photosZip({ 'SKU-1.jpg': await photo(280) }));
    assert.deepEqual(
      catalogue.products.map((p) => [p.code, p.facts.productName, p.facts.brand]),
      [['SKU-1', '保温杯, 750 毫升', '出海牌']],
    );
  });

  it('refuses bad rows by row number and reason, takes the good ones, and keeps no photo of a refused row', async () => {
    const storedBefore = await storedPhotos(ctx());
    const sheet = csvOf([
      HEADER,
      ['GOOD', '好商品'],
      ['', '没有编码'],
      ['good', '编码重复'],
      ['NONAME', ''],
      ['LONG', '品牌太长', '牌'.repeat(61)],
      ['NOPHOTO', '没有照片'],
      ['BROKEN', '照片坏了'],
      ['MANY', '照片太多'],
    ]);
    const many = Object.fromEntries(
      await Promise.all(
        Array.from({ length: 11 }, async (_, i) => [`MANY-${i + 1}.jpg`, await photo(400 + i + 1)] as const),
      ),
    );
    const catalogue = await catalogueOf(
      ctx(),
      sheet,
      photosZip({
        'GOOD.jpg': await photo(350),
        // A designer's file beside the photo: noted, and GOOD is still taken.
        'GOOD.psd': new TextEncoder().encode('8BPS not really a psd'),
        'NONAME.jpg': await photo(351),
        'BROKEN.jpg': await photo(352),
        'BROKEN-2.jpg': new TextEncoder().encode('这不是图片，只是改了扩展名的文本文件'),
        'UNKNOWN-9.jpg': await photo(353),
        '__MACOSX/._GOOD.jpg': new Uint8Array([0, 5, 22, 7]),
        '说明.txt': new TextEncoder().encode('照片说明'),
        ...many,
      }),
    );
    assert.deepEqual(
      catalogue.products.map((p) => p.code),
      ['GOOD', 'MANY'],
    );
    const refused = catalogue.refused.map((r) => `${r.row} ${r.code}: ${r.reason}`);
    assert.equal(refused.length, 6, refused.join('\n'));
    assert.equal(refused[0], '3 : 商品编码为空');
    assert.equal(refused[1], '4 good: 商品编码和第 2 行重复');
    assert.equal(refused[2], '5 NONAME: 没有填商品名称');
    assert.equal(refused[3], '6 LONG: 「品牌」有 61 个字，超过 60 个字的上限');
    assert.match(refused[4] ?? '', /^7 NOPHOTO: 压缩包里没有这个编码的照片（.*NOPHOTO\.jpg/);
    assert.match(refused[5] ?? '', /^8 BROKEN: 照片「BROKEN-2\.jpg」：文件内容不是图片/);
    // MANY: the first 1 + 8 in natural order; the 10th and 11th are named as unused.
    const many9 = catalogue.products[1] as Catalogue['products'][number];
    assert.deepEqual(
      await widths(ctx(), [many9.mainPhotoId, ...many9.detailPhotoIds]),
      [401, 402, 403, 404, 405, 406, 407, 408, 409],
    );
    const ignored = Object.fromEntries(catalogue.ignoredPhotos.map((p) => [p.name, p.reason]));
    assert.deepEqual(Object.keys(ignored).sort(), [
      'GOOD.psd',
      'MANY-10.jpg',
      'MANY-11.jpg',
      'NONAME.jpg',
      'UNKNOWN-9.jpg',
      '说明.txt',
    ]);
    assert.match(ignored['MANY-10.jpg'] ?? '', /超过 1 张主图 \+ 8 张详情图/);
    assert.match(ignored['NONAME.jpg'] ?? '', /第 5 行没有收下/);
    assert.match(ignored['UNKNOWN-9.jpg'] ?? '', /表里没有这个编码/);
    assert.match(ignored['说明.txt'] ?? '', /不是图片/);
    assert.match(ignored['GOOD.psd'] ?? '', /不是图片/);
    // Only the photos the two products use are kept: BROKEN's good photo and MANY's extras are gone.
    assert.equal((await storedPhotos(ctx())) - storedBefore, 1 + 9);
  });

  it(`says the limit when the sheet has more than ${LOCALISE_LIMITS.products} products`, async () => {
    const rows = Array.from({ length: LOCALISE_LIMITS.products + 1 }, (_, i) => [
      `P${i + 1}`,
      `商品 ${i + 1}`,
    ]);
    const res = await sendCatalogue(
      ctx(),
      csvOf([HEADER, ...rows]),
      photosZip({ 'P51.jpg': await photo(360) }),
    );
    const last = res
      .json()
      .data.refused.find((r: { code: string }) => r.code === `P${LOCALISE_LIMITS.products + 1}`);
    assert.equal(last.row, LOCALISE_LIMITS.products + 2);
    assert.match(last.reason, new RegExp(`一次最多 ${LOCALISE_LIMITS.products} 个商品`));
  });

  it('answers 400 in Chinese for a request that cannot be read as a whole, storing nothing', async () => {
    const storedBefore = await storedPhotos(ctx());
    const sheet = csvOf(THREE);
    const png = await photo(100);
    const cases: [Buffer | null, Buffer | null, RegExp][] = [
      [null, null, /请上传商品表/],
      // The photos first: the form's order is the sheet, then the ZIP (so photos store as they stream).
      [null, zip, /请先放商品表/],
      [sheet, null, /请上传商品照片：一个 ZIP 压缩包，或几张以商品编码命名的图片/],
      [png, zip, /只支持 CSV 或 XLSX/],
      [Buffer.alloc(0), zip, /空文件/],
      [csvOf([HEADER]), zip, /只有表头/],
      [
        csvOf([
          ['商品', '价格'],
          ['a', '1'],
        ]),
        zip,
        /缺少「商品编码」「商品名称」列/,
      ],
      // A picture named .zip is a ZIP that is not one.
      [sheet, png, /「photos\.zip」不是 ZIP 压缩包/],
      // The photos' ZIP picked for the sheet too.
      [zip, zip, /普通的 ZIP 压缩包，不是 XLSX 表格/],
      // A ZIP cut short after its first photos: refused whole, and the photos already stored are deleted.
      [sheet, zip.subarray(0, Math.floor(zip.length * 0.8)), /压缩包已损坏/],
    ];
    for (const [sheetBytes, zipBytes, message] of cases) {
      const res = await sendCatalogue(ctx(), sheetBytes, zipBytes);
      assert.equal(res.statusCode, 400, `${message}: ${res.body}`);
      assert.equal(res.json().code, ResultCode.badRequest);
      assert.match(res.json().msg, message);
    }
    const json = await post(ctx().app, '/api/v1/localise/catalogue', { sheet: 'a' }, auth(ctx().token));
    assert.equal(json.statusCode, 400);
    assert.match(json.json().msg, /请用 multipart\/form-data 上传商品表/);
    assert.equal(await storedPhotos(ctx()), storedBefore);
  });

  it('answers 413 for a sheet or a ZIP past its limits, and 400 for a third file, storing nothing', async () => {
    const storedBefore = await storedPhotos(ctx());
    const bigSheet = Buffer.concat([csvOf(THREE), Buffer.alloc(LOCALISE_LIMITS.catalogue.sheetBytes, 0x20)]);
    const big = await sendCatalogue(ctx(), bigSheet, zip);
    assert.equal(big.statusCode, 413, big.body);
    assert.match(big.json().msg, /商品表超过 2 MB 的上限/);
    // More entries than a catalogue's ZIP may hold (a few real photos first, which get stored and deleted).
    const entries: Record<string, Uint8Array> = { ...(await threePhotos()) };
    for (let i = 0; i < LOCALISE_LIMITS.catalogue.zipEntries; i += 1)
      entries[`x/${i}.txt`] = new Uint8Array([i % 256]);
    const many = await sendCatalogue(ctx(), csvOf(THREE), photosZip(entries));
    assert.equal(many.statusCode, 413, many.body);
    assert.match(
      many.json().msg,
      new RegExp(`照片压缩包里的文件超过 ${LOCALISE_LIMITS.catalogue.zipEntries} 个`),
    );
    const third = await postForm(ctx().app, '/api/v1/localise/catalogue', ctx().token, {}, [
      { field: 'sheet', name: 's.csv', bytes: csvOf(THREE) },
      { field: 'photos', name: 'p.zip', bytes: zip },
      { field: 'photos', name: 'q.zip', bytes: zip },
    ]);
    assert.equal(third.statusCode, 400, third.body);
    assert.match(third.json().msg, /要么打成一个 ZIP 压缩包，要么一张一张选择图片/);
    assert.equal(await storedPhotos(ctx()), storedBefore);
  });

  it('photos as files of their own, named like the ZIP’s entries, give the same products; a broken one refuses its row', async () => {
    const storedBefore = await storedPhotos(ctx());
    const sendFiles = (sheet: Buffer, photos: Record<string, Uint8Array>) =>
      postForm(ctx().app, '/api/v1/localise/catalogue', ctx().token, {}, [
        { field: 'sheet', name: '商品.csv', bytes: sheet },
        ...Object.entries(photos).map(([name, bytes]) => ({
          field: 'photos',
          name,
          bytes: Buffer.from(bytes),
        })),
      ]);
    const three = await threePhotos();
    // A browser sends a picked file by its name only: B-02's pictures are named by the code instead.
    const flat = Object.fromEntries(
      Object.entries(three).map(([name, bytes]) => [
        name.replace('B-02/', 'B-02-').replace('图片/', ''),
        bytes,
      ]),
    );
    const res = await sendFiles(csvOf(THREE), flat);
    assert.equal(res.json().code, 200, res.body);
    const catalogue: Catalogue = res.json().data;
    assert.deepEqual(catalogue.refused, []);
    assert.deepEqual(
      await Promise.all(catalogue.products.map((p) => widths(ctx(), [p.mainPhotoId, ...p.detailPhotoIds]))),
      [[301, 302, 303], [311, 312], [321]],
    );

    // A broken picture refuses its row, a text file is only noted, a code without photos is named.
    const broken = await sendFiles(csvOf(THREE), {
      'A-01.jpg': three['A-01.jpg'] as Uint8Array,
      'B-02.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]),
      'notes.txt': new TextEncoder().encode('hello'),
    });
    assert.equal(broken.json().code, 200, broken.body);
    const read: Catalogue = broken.json().data;
    assert.deepEqual(
      read.products.map((p) => p.code),
      ['A-01'],
    );
    assert.deepEqual(
      read.refused.map((r) => [r.row, r.code]),
      [
        [3, 'B-02'],
        [4, 'c-03'],
      ],
    );
    assert.match(read.refused[0]?.reason ?? '', /照片「B-02\.jpg」/);
    assert.match(read.refused[1]?.reason ?? '', /^上传的照片里没有这个编码的照片/);
    assert.ok(read.ignoredPhotos.some((p) => p.name === 'notes.txt'));

    // The ZIP's limits: a picture past 10 MB is turned down for its row; a ZIP and pictures together are refused.
    const big = await sendFiles(csvOf(THREE.slice(0, 2)), {
      'A-01.jpg': new Uint8Array(10 * 1024 * 1024 + 1),
    });
    assert.equal(big.json().code, 200, big.body);
    assert.match(big.json().data.refused[0]?.reason ?? '', /超过 10 MB 的上限/);
    const mixed = await postForm(ctx().app, '/api/v1/localise/catalogue', ctx().token, {}, [
      { field: 'sheet', name: '商品.csv', bytes: csvOf(THREE) },
      { field: 'photos', name: 'A-01.jpg', bytes: Buffer.from(three['A-01.jpg'] as Uint8Array) },
      { field: 'photos', name: 'photos.zip', bytes: zip },
    ]);
    assert.equal(mixed.statusCode, 400, mixed.body);
    assert.match(mixed.json().msg, /不要两种混在一起/);
    const kept = [...catalogue.products, ...read.products].flatMap((p) => [
      p.mainPhotoId,
      ...p.detailPhotoIds,
    ]);
    assert.equal(await storedPhotos(ctx()), storedBefore + kept.length);
  });

  it('another seller cannot use the photos, and the products start a job of 3 × sites tasks', async () => {
    const catalogue = await catalogueOf(ctx(), csvOf(THREE), zip);
    const body = { products: catalogue.products, sites: ['amazon-US', 'amazon-DE'] };
    const other = await registerUser(ctx(), '13900003333', { ip: '10.92.0.3' });
    const theirs = await post(ctx().app, '/api/v1/localise/estimate', body, auth(other));
    assert.equal(theirs.json().code, ResultCode.notFound);
    assert.match(theirs.json().msg, /第 1 个商品（A-01）：主图照片不存在/);
    // Three detail pictures on two sites: six translations, one more than a free day's five.
    await setFreeLimit(ctx().app, 'translate', 6);
    const plan = (await post(ctx().app, '/api/v1/localise/estimate', body, auth(ctx().token))).json().data;
    assert.equal(plan.canStart, true, plan.reason);
    const start = await post(ctx().app, '/api/v1/localise', body, auth(ctx().token));
    await setFreeLimit(ctx().app, 'translate', 5);
    assert.equal(start.json().code, 200, start.body);
    const { job, tasks } = start.json().data;
    assert.equal(job.products, 3);
    assert.equal(job.total, 6);
    assert.deepEqual(
      tasks.map((t: { productCode: string; site: string }) => `${t.productCode}/${t.site}`).sort(),
      [
        'A-01/amazon-DE',
        'A-01/amazon-US',
        'B-02/amazon-DE',
        'B-02/amazon-US',
        'c-03/amazon-DE',
        'c-03/amazon-US',
      ],
    );
    await post(ctx().app, `/api/v1/localise/${job.id}/cancel`, {}, auth(ctx().token));
  });
}

describe('一键出海商品表 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  catalogueSuite(() => ctx);
});

describe('一键出海商品表 (PostgreSQL)', () => {
  const ctx = usePostgres((env) => buildChatApp(env));
  catalogueSuite(ctx);
});
