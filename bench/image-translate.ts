/**
 * 图片翻译 benchmark, the chat provider aside: images with Chinese text made with the project's own
 * tools (a banner, a side panel of selling points, badges, text over a photo, a label on a product)
 * or the images of a folder, each run through the whole pipeline (OCR → translate → erase → draw →
 * OCR again) with an offline translator. Prints per image: blocks found, source-language characters
 * left after translation (goal 0), blocks whose translation overflowed (goal 0) and seconds on this
 * machine (goal ≤ 5 s for 1000×1000).
 *
 * Run: `node bench/image-translate.ts [folder] [--out=/tmp/translated]`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createOcrEngine } from '../apps/server/src/imaging/ocr/index.ts';
import { translatePicture } from '../apps/server/src/imaging/text/translate-picture.ts';
import { type Writing, writeChinese as write } from '../apps/server/test/fakes/chinese-text.ts';
import { translateOffline } from '../apps/server/test/fakes/fake-translate-answers.ts';

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--'));
const out = args.find((a) => a.startsWith('--out='))?.slice(6) ?? null;

const svg = (width: number, height: number, body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`),
  );

/** The kinds of supplier images sellers bring: a 1000×1000 SVG background and the Chinese on it. */
const SCENES: { name: string; background: string; texts: Writing[] }[] = [
  {
    name: 'banner (gradient)',
    background:
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde2e4"/><stop offset="1" stop-color="#bee1e6"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>',
    texts: [
      { text: '新品上市', left: 80, top: 90, size: 72, color: '#22223b' },
      { text: '防水透气 3层面料', left: 80, top: 200, size: 44, color: '#4a4e69' },
      { text: '限时特惠 ¥99', left: 600, top: 820, size: 48, color: '#c1121f' },
    ],
  },
  {
    name: 'side panel (flat)',
    background: '<rect width="100%" height="100%" fill="#ffffff"/>',
    texts: ['加厚保暖', '防滑耐磨', '正品保障', '包邮'].map((text, i) => ({
      text,
      left: 620,
      top: 180 + 120 * i,
      size: 40,
      color: '#1d3557',
    })),
  },
  {
    name: 'badges (coloured)',
    background:
      '<rect width="100%" height="100%" fill="#f1faee"/><circle cx="180" cy="180" r="120" fill="#e63946"/><rect x="640" y="760" width="300" height="120" rx="20" fill="#1d3557"/>',
    texts: [
      { text: '包邮', left: 130, top: 150, size: 52, color: '#ffffff' },
      { text: '正品保障', left: 680, top: 792, size: 44, color: '#ffffff' },
    ],
  },
  {
    name: 'text over a photo',
    background:
      '<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="7"/><feColorMatrix values="0 0 0 0 0.55 0 0 0 0 0.45 0 0 0 0 0.35 0 0 0 0.5 0"/></filter></defs><rect width="100%" height="100%" fill="#d9c9b0"/><rect width="100%" height="100%" filter="url(#n)"/><rect x="330" y="300" width="340" height="460" rx="40" fill="#3a506b"/>',
    texts: [{ text: '防水透气 3层面料', left: 230, top: 120, size: 56, color: '#ffffff' }],
  },
  {
    name: 'label on a product',
    background:
      '<rect width="100%" height="100%" fill="#e9ecef"/><rect x="250" y="200" width="500" height="620" rx="30" fill="#f8f9fa" stroke="#adb5bd" stroke-width="6"/>',
    texts: [
      { text: '尺码表', left: 420, top: 280, size: 48, color: '#212529' },
      { text: '加厚保暖', left: 400, top: 420, size: 36, color: '#495057', bold: false },
      { text: '正品保障', left: 400, top: 500, size: 36, color: '#495057', bold: false },
    ],
  },
];

const images: { name: string; bytes: Buffer }[] = folder
  ? readdirSync(folder)
      .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
      .map((f) => ({ name: f, bytes: readFileSync(path.join(folder, f)) }))
  : await Promise.all(
      SCENES.map(async (s) => ({ name: s.name, bytes: await write(svg(1000, 1000, s.background), s.texts) })),
    );

const ocr = createOcrEngine();
if (out) mkdirSync(out, { recursive: true });
// The models load on the first call: warm up so the first image is timed like the others.
await ocr.readLines(
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
    .png()
    .toBuffer(),
);

console.log('image                        size        blocks  left  overflow  seconds');
let worst = 0;
for (const image of images) {
  const meta = await sharp(image.bytes).metadata();
  const started = performance.now();
  try {
    const picture = await translatePicture(ocr, image.bytes, { target: 'en', keep: [] }, translateOffline);
    const seconds = (performance.now() - started) / 1000;
    worst = Math.max(worst, seconds);
    const overflow = picture.blocks.filter((b) => b.overflow).length;
    console.log(
      `${image.name.padEnd(28)} ${`${meta.width}×${meta.height}`.padEnd(11)} ${String(picture.blocks.length).padStart(6)}  ${String(picture.residual.count).padStart(4)}  ${String(overflow).padStart(8)}  ${seconds.toFixed(2).padStart(7)}`,
    );
    if (out) writeFileSync(path.join(out, `${image.name.replace(/[^\w.-]+/g, '-')}.png`), picture.result);
  } catch (error) {
    console.log(
      `${image.name.padEnd(28)} ${`${meta.width}×${meta.height}`.padEnd(11)} failed: ${(error as Error).message}`,
    );
  }
}
console.log(`slowest: ${worst.toFixed(2)} s (goal ≤ 5 s for 1000×1000, provider time excluded)`);
await ocr.close();
