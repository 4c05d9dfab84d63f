/**
 * 一键出海商品表 intake at the worst the limits admit (issue 49): CPU seconds, peak memory and the
 * longest the event loop was held, for one upload and for three sellers' uploads at once.
 *
 * - The worst sheet: an XLSX under the 2 MB limit whose shared strings and worksheet each unpack to
 *   just under 20 MB (1.2 million short strings; 670,000 rows that each reach column GR, empty),
 *   with two real products at the end. Every byte of both parts is parsed, and the sheet is taken.
 * - The worst photo ZIP: as many 40-megapixel single-colour JPEGs (each a few hundred KB) as the
 *   upload's pixel budget lets be decoded, one per product, each decoded and re-encoded.
 *
 * CPU is the whole process's (main thread, sheet workers and libuv's pool); memory is RSS sampled
 * every 20 ms, above what the app held before. Ratios are three-at-once over one, from this run.
 *
 * Run: `npm run bench:catalogue` (BENCH_PHOTOS=5 for a quick look at fewer photos).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LOCALISE_LIMITS } from '@chuhai/contract';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { registerUser } from '../apps/server/test/account-helpers.ts';
import { inlineParts } from '../apps/server/test/catalogue-helpers.ts';
import { buildChatApp } from '../apps/server/test/chat-helpers.ts';
import { postForm } from '../apps/server/test/studio-helpers.ts';

const MB = 1024 * 1024;
const LIMITS = LOCALISE_LIMITS.catalogue;
const WIDTH = 7000;
const HEIGHT = 5700; // 39.9 megapixels, just under the upload limit of 40
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? Math.floor(LIMITS.photoPixels / (WIDTH * HEIGHT)));

/** Parts packed hard: what repeats costs nothing to send. */
const packed = (text: string) => [strToU8(text), { level: 9 }] as [Uint8Array, { level: 9 }];

function worstSheet(codes: string[]): Buffer {
  const parts = inlineParts([]);
  const strings = ['商品编码', '商品名称', ...codes.flatMap((code) => [code, `商品 ${code}`])];
  const near = LIMITS.sheetUnpackedBytes - 64 * 1024;
  const si = '<si><t>s</t></si>'.repeat(Math.floor(near / 17));
  // Rows without numbers follow the one before: the same bytes each time, so they pack to nothing.
  const emptyRow = '<row><c r="GR1" s="1"/></row>';
  const emptyRows = Array<string>(Math.floor(near / emptyRow.length)).fill(emptyRow);
  const cell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
  const productRows = [
    `<row r="1">${cell('A1', 0)}${cell('B1', 1)}</row>`,
    ...codes.map(
      (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, 2 + i * 2)}${cell(`B${i + 2}`, 3 + i * 2)}</row>`,
    ),
  ];
  // Shared strings the products use come first; the million after them only cost reading.
  const ownStrings = strings.map((s) => `<si><t>${s}</t></si>`).join('');
  const files = {
    ...parts,
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    'xl/sharedStrings.xml': packed(`<sst>${ownStrings}${si}</sst>`),
    'xl/worksheets/sheet1.xml': packed(
      `<worksheet><sheetData>${productRows.join('')}${emptyRows.join('')}</sheetData></worksheet>`,
    ),
  };
  return Buffer.from(zipSync(files as Parameters<typeof zipSync>[0]));
}

async function worstPhotos(codes: string[]): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#d8d2c4' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return Buffer.from(zipSync(Object.fromEntries(codes.map((code) => [`${code}.jpg`, [jpeg, { level: 0 }]]))));
}

const ctx = await buildChatApp({ LOG_LEVEL: 'error' });
const sellers = [
  ctx.token,
  await registerUser(ctx, '13900049001', { ip: '10.49.9.1' }),
  await registerUser(ctx, '13900049002', { ip: '10.49.9.2' }),
];
const codes = Array.from({ length: Math.min(PHOTOS, LOCALISE_LIMITS.products) }, (_, i) => `SKU-${i}`);
const sheet = worstSheet(codes.slice(0, 2));
const photos = await worstPhotos(codes);
const photoSheet = worstSheet(codes);

async function measure(uploads: () => Promise<unknown>[]) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(uploads());
  const wallS = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  clearInterval(sampler);
  return {
    results,
    wallS,
    cpuS: (used.user + used.system) / 1e6,
    peakMb: (peak - rssBefore) / MB,
    heldMs: delay.max / 1e6,
  };
}

const send = (token: string, sheetBytes: Buffer, zip: Buffer | null) =>
  postForm(ctx.app, '/api/v1/localise/catalogue', token, {}, [
    { field: 'sheet', name: '商品.xlsx', bytes: sheetBytes },
    ...(zip ? [{ field: 'photos', name: 'photos.zip', bytes: zip }] : []),
  ]).then((res) => res.json() as { code: number; msg: string; data?: { products: unknown[] } });

const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
  .jpeg()
  .toBuffer();
/** The sheet's first `n` products with a photo each that costs nothing to decode. */
const smallPhotos = (n: number) =>
  Buffer.from(zipSync(Object.fromEntries(codes.slice(0, n).map((code) => [`${code}.jpg`, small]))));

console.log(
  `一键出海商品表 intake at the limits: sheet ${(sheet.length / 1024).toFixed(0)} KB packed (two 20 MB parts), photo ZIP ${(photos.length / MB).toFixed(1)} MB (${codes.length} photos of ${WIDTH}×${HEIGHT})`,
);
const rows: [string, Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>][] = [];
for (const [name, sheetBytes, zip] of [
  ['worst sheet', sheet, smallPhotos(2)],
  ['worst photo ZIP', photoSheet, photos],
] as const) {
  const one = await measure(() => [send(sellers[0] as string, sheetBytes, zip)]);
  const three = await measure(() => sellers.map((token) => send(token, sheetBytes, zip)));
  for (const outcome of [...one.results, ...three.results] as { code: number; msg: string }[])
    if (outcome.code !== 200) throw new Error(`${name}: ${outcome.code} ${outcome.msg}`);
  rows.push([name, one, three]);
}
for (const [name, one, three] of rows) {
  console.log(
    `${name.padEnd(16)} one: ${one.cpuS.toFixed(1)} CPU s, ${one.wallS.toFixed(1)} s, peak +${one.peakMb.toFixed(0)} MB, loop held ${one.heldMs.toFixed(0)} ms` +
      ` | three at once: ${three.cpuS.toFixed(1)} CPU s, ${three.wallS.toFixed(1)} s, peak +${three.peakMb.toFixed(0)} MB, loop held ${three.heldMs.toFixed(0)} ms` +
      ` | ratios CPU ×${(three.cpuS / one.cpuS).toFixed(2)}, wall ×${(three.wallS / one.wallS).toFixed(2)}, peak ×${(three.peakMb / Math.max(1, one.peakMb)).toFixed(2)}`,
  );
}
await ctx.close();
