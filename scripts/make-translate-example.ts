/**
 * Makes the example the empty 图片翻译 screen shows, with the project's own tools: the serum photo
 * of apps/web/public/examples with Chinese selling points written on it (a Noto font from npm), and
 * the same image run through the translation pipeline with the offline phrase book the tests use.
 * Run from the repository root after `node scripts/make-examples.ts`:
 *   node scripts/make-translate-example.ts
 * and commit what it writes to apps/web/public/examples/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createOcrEngine } from '../apps/server/src/imaging/ocr/index.ts';
import { translatePicture } from '../apps/server/src/imaging/text/translate-picture.ts';
import { writeChinese } from '../apps/server/test/fakes/chinese-text.ts';
import { translateOffline } from '../apps/server/test/fakes/fake-translate-answers.ts';

const OUT = path.join(import.meta.dirname, '../apps/web/public/examples');
const SHOWN = 560;

const photo = readFileSync(path.join(OUT, 'serum-photo.jpg'));
const supplier = await sharp(
  await writeChinese(sharp(photo), [
    { text: '玻尿酸精华', left: 70, top: 70, size: 64, color: '#5a2a06' },
    { text: '补水保湿', left: 74, top: 170, size: 44, color: '#7a4a1e' },
    { text: '温和不刺激', left: 74, top: 240, size: 44, color: '#7a4a1e' },
  ]),
)
  .jpeg({ quality: 88 })
  .toBuffer();
writeFileSync(path.join(OUT, 'supplier-photo.jpg'), supplier);

const ocr = createOcrEngine();
// The bottle's label is Latin (kept as it is anyway): no product needs finding for this example.
const picture = await translatePicture(
  ocr,
  supplier,
  { target: 'en', keep: [], product: null },
  translateOffline,
);
await ocr.close();
const small = (image: Buffer) => sharp(image).resize({ width: SHOWN }).webp({ quality: 80 }).toBuffer();
writeFileSync(path.join(OUT, 'supplier-before.webp'), await small(supplier));
writeFileSync(path.join(OUT, 'supplier-after.webp'), await small(picture.result));
console.log(
  `blocks ${picture.blocks.length}, residual ${picture.residual.count}:`,
  picture.blocks.map((b) => b.text),
);
