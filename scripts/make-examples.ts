/**
 * Makes the example images the empty 抠图, 换背景 and AI 绘画 screens show, with the project's own
 * tools: a product photo drawn here as SVG, cut out by the bundled matting model and placed on
 * backgrounds from the library. Nothing is downloaded. Run from the repository root:
 *   node scripts/make-examples.ts
 * and commit what it writes to apps/web/public/examples/ (each file is kept under 80 KB).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { findDesign, renderBackground } from '../apps/server/src/imaging/backgrounds/library.ts';
import { cutoutPng, placeOnBackground } from '../apps/server/src/imaging/compose.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';

const OUT = path.join(import.meta.dirname, '../apps/web/public/examples');
/** The width the before/after cards show the examples at (twice their CSS size, for sharp screens). */
const SHOWN = 560;

/** An amber serum bottle with a dropper, on a light oak table under soft window light. */
function serumPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1e7dc"/><stop offset="1" stop-color="#d9c8b6"/></linearGradient>
<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7b48a"/><stop offset="1" stop-color="#b98d5f"/></linearGradient>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.003 0.09" numOctaves="3" seed="7"/>
<feColorMatrix type="matrix" values="0 0 0 0 0.42  0 0 0 0 0.28  0 0 0 0 0.14  0 0 0 0.45 0"/></filter>
<filter id="soft"><feGaussianBlur stdDeviation="40"/></filter>
<filter id="shadow" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#5a2a06"/><stop offset="0.18" stop-color="#a95a17"/><stop offset="0.32" stop-color="#e39a45"/>
<stop offset="0.5" stop-color="#b8661d"/><stop offset="0.85" stop-color="#7a3a0a"/><stop offset="1" stop-color="#4a2205"/></linearGradient>
<linearGradient id="cap" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#111"/><stop offset="0.3" stop-color="#4a4a4a"/><stop offset="0.55" stop-color="#222"/><stop offset="1" stop-color="#0b0b0b"/></linearGradient>
<linearGradient id="collar" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#9c8f80"/><stop offset="0.3" stop-color="#f4efe8"/><stop offset="0.6" stop-color="#d9d0c4"/><stop offset="1" stop-color="#8d8174"/></linearGradient>
<linearGradient id="label" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#d8cfc2"/><stop offset="0.3" stop-color="#fbf7f0"/><stop offset="1" stop-color="#cfc4b5"/></linearGradient>
</defs>
<rect width="1200" height="640" fill="url(#wall)"/>
<path d="M760 0 L1200 0 L1200 420 L980 640 L560 640 Z" fill="#fff8ee" opacity="0.55" filter="url(#soft)"/>
<rect y="640" width="1200" height="260" fill="url(#table)"/><rect y="640" width="1200" height="260" filter="url(#grain)"/>
<rect y="636" width="1200" height="8" fill="#c9a57c"/>
<ellipse cx="610" cy="772" rx="150" ry="18" fill="#3b2412" opacity="0.45" filter="url(#shadow)"/>
<path d="M500 470 Q500 420 545 405 L655 405 Q700 420 700 470 L700 740 Q700 770 670 770 L530 770 Q500 770 500 740 Z" fill="url(#glass)"/>
<rect x="556" y="352" width="88" height="58" rx="6" fill="url(#collar)"/>
<rect x="548" y="300" width="104" height="62" rx="10" fill="url(#cap)"/>
<path d="M566 304 Q566 190 600 178 Q634 190 634 304 Z" fill="url(#cap)"/>
<rect x="522" y="520" width="156" height="170" rx="6" fill="url(#label)"/>
<text x="600" y="582" font-family="DejaVu Serif" font-size="30" font-weight="bold" text-anchor="middle" fill="#6b3a12" letter-spacing="3">GLOW</text>
<text x="600" y="618" font-family="DejaVu Sans" font-size="17" text-anchor="middle" fill="#6b3a12" letter-spacing="4">SERUM</text>
<rect x="560" y="636" width="80" height="2" fill="#b58a5c"/>
<text x="600" y="664" font-family="DejaVu Sans" font-size="13" text-anchor="middle" fill="#8a6a4a">30 ml</text>
<rect x="516" y="430" width="16" height="320" rx="8" fill="#fff" opacity="0.28"/>
<rect x="670" y="450" width="7" height="280" rx="4" fill="#fff" opacity="0.15"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const webp = (image: Buffer | sharp.Sharp, quality = 78) =>
  (Buffer.isBuffer(image) ? sharp(image) : image).resize({ width: SHOWN }).webp({ quality }).toBuffer();

async function write(name: string, bytes: Buffer): Promise<void> {
  if (bytes.length > 80 * 1024) throw new Error(`${name} is ${bytes.length} bytes, over 80 KB`);
  writeFileSync(path.join(OUT, name), bytes);
  console.log(`${name}: ${(bytes.length / 1024).toFixed(1)} KB`);
}

async function placed(
  photo: Buffer,
  matte: Parameters<typeof cutoutPng>[1],
  designId: string,
  spot: { scale: number; y: number },
) {
  const design = findDesign(designId);
  if (!design) throw new Error(`no background ${designId}`);
  const background = await renderBackground(design, 1200);
  const made = await placeOnBackground(photo, matte, background, { ...spot, x: 0.5, shadow: true }, 1200);
  return made.bytes;
}

mkdirSync(OUT, { recursive: true });
const photo = await serumPhoto();
await write('serum-photo.jpg', photo);
const matting = onnxMatting({ model: 'medium', workers: 1, queue: 1, cores: 2 });
try {
  const matte = await matting.matte(photo);
  // Before and after framed alike (the square around the product), so the product is the same size in both.
  const square = (image: Buffer) => sharp(image).extract({ left: 150, top: 0, width: 900, height: 900 });
  await write('serum-before.webp', await webp(square(photo)));
  await write('serum-cutout.webp', await webp(square(await cutoutPng(photo, matte)), 80));
  // 换背景's example: the library's 窗边光影 scene, which the example button also picks.
  await write(
    'serum-window.webp',
    await webp(await placed(photo, matte, 'scene-window-light', { scale: 0.5, y: 0.86 })),
  );
  // AI 绘画's example picture, for a 极简高级 prompt: the product standing on the podium.
  await write(
    'serum-podium.webp',
    await webp(await placed(photo, matte, 'scene-podium', { scale: 0.4, y: 0.7 })),
  );
} finally {
  await matting.close();
}
