/**
 * Makes the example the empty 图片翻译 screen shows, with the project's own tools: the serum photo
 * of apps/web/public/examples with Chinese selling points written on it (a Noto font from npm), and
 * the same image run through the translation pipeline with the offline phrase book the tests use.
 * Run from the repository root after `node scripts/make-examples.ts`:
 *   node scripts/make-translate-example.ts
 * and commit what it writes to apps/web/public/examples/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createOcrEngine } from '../apps/server/src/imaging/ocr/index.ts';
import { translatePicture } from '../apps/server/src/imaging/text/translate-picture.ts';
import { translateReply } from '../apps/server/test/fakes/fake-translate-answers.ts';

const require = createRequire(import.meta.url);
const BOLD = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');
const OUT = path.join(import.meta.dirname, '../apps/web/public/examples');
const SHOWN = 560;

const text = async (content: string, size: number, color: string) =>
  sharp({
    text: {
      text: `<span foreground="${color}">${content}</span>`,
      font: `Noto Sans SC Bold ${size}`,
      fontfile: BOLD,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();

const photo = readFileSync(path.join(OUT, 'serum-photo.jpg'));
const supplier = await sharp(photo)
  .composite([
    { input: await text('玻尿酸精华', 64, '#5a2a06'), left: 70, top: 70 },
    { input: await text('补水保湿', 44, '#7a4a1e'), left: 74, top: 170 },
    { input: await text('温和不刺激', 44, '#7a4a1e'), left: 74, top: 240 },
  ])
  .jpeg({ quality: 88 })
  .toBuffer();
writeFileSync(path.join(OUT, 'supplier-photo.jpg'), supplier);

const ocr = createOcrEngine();
const picture = await translatePicture(ocr, supplier, { target: 'en', keep: [] }, async (blocks) => {
  const answer = translateReply([
    { role: 'system', content: '[image-text-translation]' },
    { role: 'user', content: JSON.stringify({ blocks }) },
  ]);
  return new Map(
    (JSON.parse(answer) as { blocks: { id: number; text: string }[] }).blocks.map((b) => [b.id, b.text]),
  );
});
await ocr.close();
const small = (image: Buffer) => sharp(image).resize({ width: SHOWN }).webp({ quality: 80 }).toBuffer();
writeFileSync(path.join(OUT, 'supplier-before.webp'), await small(supplier));
writeFileSync(path.join(OUT, 'supplier-after.webp'), await small(picture.result));
console.log(
  `blocks ${picture.blocks.length}, residual ${picture.residual.count}:`,
  picture.blocks.map((b) => b.text),
);
