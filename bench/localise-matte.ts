/**
 * 一键出海: how long the picture work of one product takes for 3 sites, with the production
 * matting model and OCR on this machine, when every site mats its pictures itself and when the
 * product's sites share each mask (`matteOnce`). Per site: the main image (the product alone, on
 * white, checked) and two detail pictures of Chinese text read and erased as 图片翻译 does it (the
 * translation itself is the chat model's, left out: it is the same either way). Prints the wall
 * time of each site and the matting requests made.
 *
 * Run: `node bench/localise-matte.ts`
 */
import { availableParallelism } from 'node:os';
import { findLocaliseSite, type LocaliseSite } from '@chuhai/contract';
import sharp from 'sharp';
import { createOcrEngine } from '../apps/server/src/imaging/ocr/index.ts';
import { NoSourceTextError, translatePicture } from '../apps/server/src/imaging/text/translate-picture.ts';
import type { LocaliseDeps } from '../apps/server/src/modules/localise/deps.ts';
import { matteOnce } from '../apps/server/src/modules/localise/matte-once.ts';
import { mainImageStep } from '../apps/server/src/modules/localise/steps.ts';
import type { MattingEngine } from '../apps/server/src/providers/matting/matting-engine.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';
import { writeChinese } from '../apps/server/test/fakes/chinese-text.ts';
import { drawSupplierScene, SUPPLIER_SCENES } from '../apps/server/test/fakes/supplier-scenes.ts';

const SITES = ['amazon-US', 'amazon-DE', 'shopee-SG'].map((id) => findLocaliseSite(id) as LocaliseSite);

const engine = onnxMatting({ model: 'medium', workers: 1, queue: 4, cores: availableParallelism() });
const ocr = createOcrEngine();
let requests = 0;
const counted: MattingEngine = {
  ...engine,
  name: engine.name,
  warmUp: () => engine.warmUp(),
  close: async () => {},
  matte: (image) => {
    requests += 1;
    return engine.matte(image);
  },
};

const main = await drawSupplierScene(SUPPLIER_SCENES[0] as (typeof SUPPLIER_SCENES)[number]);
const detail = (lines: string[]) =>
  writeChinese(
    sharp(main),
    lines.map((text, i) => ({ text, left: 60, top: 640 + i * 90, size: 48, color: '#e63946' })),
  );
const details = [await detail(['防水透气 3层面料', '限时特惠']), await detail(['保冷保温 24小时'])];

/** One site's picture work with `matting`: its milliseconds. */
async function site(matting: MattingEngine, target: LocaliseSite) {
  const started = performance.now();
  const deps = { matting, ocr } as unknown as LocaliseDeps;
  await mainImageStep(deps, main, target);
  for (const bytes of details)
    await translatePicture(
      ocr,
      bytes,
      { target: target.language, keep: [], product: (image) => matting.matte(image) },
      async (blocks) => new Map(blocks.map((b) => [b.id, `[${target.language}] ${b.text}`])),
    ).catch((error) => {
      if (!(error instanceof NoSourceTextError)) throw error;
    });
  return performance.now() - started;
}

await engine.warmUp();
// The OCR's workers started before either run, so neither pays for it.
await ocr.readLines(await sharp(main).png().toBuffer());
console.log(
  `一键出海 picture work of 1 product × ${SITES.length} sites (main image + ${details.length} detail pictures)`,
);
for (const [label, shared] of [
  ['each site mats itself', false],
  ['sites share the masks', true],
] as const) {
  requests = 0;
  const matting = shared ? matteOnce(counted, 1) : counted;
  const times: number[] = [];
  for (const target of SITES) times.push(await site(matting, target));
  const total = times.reduce((a, b) => a + b, 0);
  console.log(
    `${label}: ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(' / ')} per site, ${(total / 1000).toFixed(1)} s in all, ${requests} matting requests`,
  );
}
await Promise.all([engine.close(), ocr.close()]);
