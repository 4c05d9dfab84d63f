/**
 * Main-image benchmark on real photos. For every photo in a folder: cut out with the production
 * matting model, make the white main image the one-click fix makes (the product alone: separate
 * parts dropped, text added over it erased), check it against the marketplace's rules with the OCR
 * reading it, and print whether it passes, the share of pure-white background pixels, the
 * product's fill and how much the product was enlarged. Ends with the totals (goal: every photo
 * passes). Then the drawn supplier pictures (test/fakes/supplier-scenes.ts): how many main images
 * still carry text a supplier added (goal 0), and how many the check fails when made without the
 * fix (it should fail every one that carries something).
 *
 * The photos are not in the repository (nobody on the team chose them): point it at any folder,
 * e.g. the example photos of a public matting project.
 *
 * Run: `npm run bench:main-image -- <folder> [marketplace]` (default marketplace amazon). With
 * `MAIN_IMAGE_OUT=<folder>` the main images are written there too, to look at.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { type ImageMarketplaceId, isImageMarketplace, MAIN_IMAGE_RULE_SETS } from '@chuhai/contract';
import { whiteMainImage } from '../apps/server/src/imaging/compose.ts';
import { checkMainImage, type MaskedPixels } from '../apps/server/src/imaging/main-image-check.ts';
import { onlyTheProduct } from '../apps/server/src/imaging/main-image-fix.ts';
import { bareText, createOcrEngine } from '../apps/server/src/imaging/ocr/index.ts';
import { productBox } from '../apps/server/src/imaging/product-box.ts';
import { checkImageUpload } from '../apps/server/src/lib/image-upload.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';
import { drawSupplierScene, SUPPLIER_SCENES } from '../apps/server/test/fakes/supplier-scenes.ts';

const folder = process.argv[2];
const marketplace = (process.argv[3] ?? 'amazon') as ImageMarketplaceId;
if (!folder || !isImageMarketplace(marketplace)) {
  console.error(
    'usage: node bench/main-image.ts <folder of photos> [amazon|tiktok|temu|shopee|ebay|walmart|shopify]',
  );
  process.exit(2);
}

/** Pure-white share of the background (mask < 16) and the product's fill, as the check measures them. */
function measure({ rgb, mask, width, height }: MaskedPixels) {
  let background = 0;
  let white = 0;
  for (let p = 0; p < width * height; p += 1) {
    if ((mask[p] as number) >= 16) continue;
    background += 1;
    if (rgb[p * 3] === 255 && rgb[p * 3 + 1] === 255 && rgb[p * 3 + 2] === 255) white += 1;
  }
  const box = productBox(mask, width, height);
  const fill = box ? Math.max(box.width / width, box.height / height) : 0;
  return { white: background ? white / background : 0, fill };
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const names = (await readdir(folder)).filter((name) => /\.(jpe?g|png|webp|avif|tiff?)$/i.test(name)).sort();
const engine = onnxMatting({ model: 'medium', workers: 1, queue: 1, cores: availableParallelism() });
const size = MAIN_IMAGE_RULE_SETS[marketplace].size;
const out = process.env.MAIN_IMAGE_OUT;
if (out) await mkdir(out, { recursive: true });
console.log(`main-image benchmark: ${names.length} photos from ${folder}, ${marketplace} ${size}×${size}`);
console.log(['photo', 'pass', 'pure white', 'fill', 'enlarged', 'rules not met'].join('\t'));
const ocr = createOcrEngine();

/** The one-click main image as 智能做图 makes it, and its check. */
async function mainImageOf(bytes: Buffer, fix = true) {
  const matte = await engine.matte(bytes);
  const only = fix
    ? await onlyTheProduct(ocr, bytes, matte, { allParts: false, rematte: (b) => engine.matte(b) })
    : { image: bytes, matte, dropped: 0 };
  const made = await whiteMainImage(only.image, only.matte, size);
  const lines = await ocr.readLines(made.bytes);
  const report = checkMainImage(made.pixels, marketplace, made, { lines, dropped: only.dropped });
  return { made, report, read: lines.map((line) => bareText(line.text)) };
}

let passed = 0;
for (const name of names) {
  try {
    const { bytes } = await checkImageUpload(await readFile(join(folder, name)), name);
    const { made, report } = await mainImageOf(bytes);
    if (out) await writeFile(join(out, `${name}.main.jpg`), made.bytes);
    const { white, fill } = measure(made.pixels);
    const failed = report.rules
      .filter((rule) => !rule.pass)
      .map((rule) => `${rule.level === 'required' ? '' : '(建议) '}${rule.label}: ${rule.measured}`);
    if (report.pass) passed += 1;
    console.log(
      [
        name,
        report.pass ? 'pass' : 'FAIL',
        pct(white),
        pct(fill),
        `${made.enlargement.toFixed(2)}×`,
        failed.join('; '),
      ].join('\t'),
    );
  } catch (error) {
    console.log([name, 'ERROR', '', '', '', (error as Error).message].join('\t'));
  }
}
console.log(
  `passed ${passed} of ${names.length} (${pct(names.length ? passed / names.length : 0)}); goal 100%`,
);

console.log('\nsupplier pictures (drawn)\tfixed: added text left\tfixed: pass\tunfixed: check verdict');
let carrying = 0;
let honest = 0;
for (const scene of SUPPLIER_SCENES) {
  const bytes = await drawSupplierScene(scene);
  const fixed = await mainImageOf(bytes);
  const left = scene.added.filter((text) => fixed.read.some((line) => line.includes(bareText(text))));
  if (left.length > 0) carrying += 1;
  const unfixed = await mainImageOf(bytes, false);
  const failed = unfixed.report.rules.filter((r) => !r.pass && r.level === 'required').map((r) => r.key);
  if (!unfixed.report.pass) honest += 1;
  console.log(
    [
      scene.name,
      left.join('、') || 'none',
      fixed.report.pass ? 'pass' : 'FAIL',
      unfixed.report.pass ? 'pass' : `fails: ${failed.join('+')}`,
    ].join('\t'),
  );
}
console.log(
  `supplier pictures: ${carrying} of ${SUPPLIER_SCENES.length} fixed main images carry added text (goal 0); the check fails ${honest} of ${SUPPLIER_SCENES.length} made without the fix`,
);
await Promise.all([engine.close(), ocr.close()]);
