/**
 * Main-image benchmark on real photos. For every photo in a folder: cut out with the production
 * matting model, make the white main image the one-click fix makes, check it against the
 * marketplace's rules, and print whether it passes, the share of pure-white background pixels, the
 * product's fill and how much the product was enlarged. Ends with the totals (goal: every photo
 * passes).
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
import { productBox } from '../apps/server/src/imaging/product-box.ts';
import { checkImageUpload } from '../apps/server/src/lib/image-upload.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';

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
let passed = 0;
for (const name of names) {
  try {
    const { bytes } = await checkImageUpload(await readFile(join(folder, name)), name);
    const matte = await engine.matte(bytes);
    const made = await whiteMainImage(bytes, matte, size);
    if (out) await writeFile(join(out, `${name}.main.jpg`), made.bytes);
    const report = checkMainImage(made.pixels, marketplace, made);
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
await engine.close();
console.log(
  `passed ${passed} of ${names.length} (${pct(names.length ? passed / names.length : 0)}); goal 100%`,
);
