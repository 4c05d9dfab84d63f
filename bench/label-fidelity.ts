/**
 * 图片翻译 on promotion designs (issue 51): do the labels under the text come back as they were, and
 * do flat pages come back without ghosts? Every picture of a folder (default /tmp/promo) and the
 * project's own drawn scenes (hard-scenes.ts, the dress ad of price-ads.ts) go through the whole
 * pipeline into English with the offline translator and the bundled matting model (as
 * bench/image-translate.ts does), then test/fakes/label-measures.ts measures them. Per picture:
 * its size, the OCR lines translated, the labels found under them, the labels under the bar (fill
 * kept under 1 − FILL_SLACK, edge kept under EDGE_BAR, or what else is printed on the label kept
 * under INNER_BAR), the worst fill ratio on the result and, to tell the erase from the drawing, on
 * the erased background, the worst edge and inner kept, the lines on a flat page and their pixels
 * beyond the page's noise once erased (goal 0), Chinese characters left (goal 0), seconds and
 * seconds per 1000² pixels. Under a picture, each label under the bar
 * (its fill, where it is, what it says) and the flat lines with pixels off the page.
 *
 * The pictures are not in the repository (they are others' work); they come from public GitHub
 * repositories, none drawn by us:
 * - cnocr-taobao4.jpg: breezedeus/CnOCR docs/examples/taobao4.jpg. A Taobao dress main image: red
 *   「很美」, a yellow 「100%桑蚕丝」 label, red boxes 「精选优质面料」 with a white 「原版正品」 box inside,
 *   a red price box 「168元 今日活动价」, a dark-red banner 「收藏或关注本店 赠送现金券」 over the photo.
 * - rapid-ch_en_num.jpg: RapidAI/RapidOCR python/tests/test_files/ch_en_num.jpg. A detergent long
 *   image: 「正品促销」 title, a purple 「大桶装 更划算」 pill, a white card with gradient pills
 *   (「-40℃深度防冻不结冰」, 「惊喜福利不容错过」), a red 「直击底价」 badge, bullet points.
 * - paddleocr-doc-imgs-11.jpg: PaddlePaddle/PaddleOCR doc/imgs/11.jpg (taken from the fork
 *   zhangtao7750/PaddleOCR; the upstream snapshot is too large to mirror). A flat white facts sheet
 *   of a hair conditioner: 「产品信息/参数」, prices, 【品牌】… lines in grey, a green frame, the bottle.
 * - chineseocr_lite-cpp-images-5.jpg: DayBreak-u/chineseocr_lite cpp_projects/images/5.jpg. A white
 *   cosmetics page: 「植物医生官方唯一授权」 in green, three columns in green, red and blue with a soft
 *   glow (「先领卷后购物」, 「巨额优惠卷免费领」, 「旺旺咨询更优惠」) beside the products.
 * - chineseocr_lite-cpp-images-1.jpg: DayBreak-u/chineseocr_lite cpp_projects/images/1.jpg. Slanted
 *   green, red, yellow and white pills over a photo (「专业查性别」, 「香港深圳抽血，可邮寄」…).
 * - alimama-ste-poster-*.png: alimama-creative/Self-supervised-Text-Erasing examples/poster/
 *   {train,valid,test}/N.png, real Taobao/Tmall promotion posters (513×750) of the paper's
 *   e-commerce text-erasing set: price pills and tags over product photos. test-1 (fishing rod: red
 *   「5.4米仅69元」 pill, black 「顺丰包邮」 tag), test-2 (liquor: red title band, 「顺丰包邮 终身包退」),
 *   train-0 (laptop: red 「¥1398起 点击抢购」 price tag), train-1 (laptop: red 「直降价格」 pill),
 *   train-3 (laptop: blue 「全高A面 高效散热」 pills), train-4 (keyboard on light grey: purple
 *   「PBT键帽」 pill), train-6 (phone on red: white 「进店10元兑好礼」 pill), train-7 (shoes on yellow:
 *   「领券满198减30」, a black 「男童加绒运动鞋」 label), train-8 (baby shoes: yellow pill), train-9
 *   (school uniform: red 「爆款热卖」 tag, yellow 「老师推荐」), train-10 and train-11 (bicycle: red
 *   bottom bar with price, black and red spec labels), train-12 (carpet: purple 「轻奢真皮地毯」 pill),
 *   train-13 (mat: red page, yellow title, white 「有效除尘/定制尺寸和LOGO」 pill), train-18 (cushion:
 *   red page, yellow 「不勾丝/可拆洗/性价比超高」 pill), valid-0 (liquor: purple 「10年坤沙老酒」 pill),
 *   valid-1 (mattress: 「限量追加20名」, small price tags), valid-2 (soy-milk maker: red 「到手价299
 *   抢购>」 pill), valid-4 (Wi-Fi panels: blue 「每满200减20」 pill).
 * Their list, with why each qualifies, is /tmp/promo/SOURCES.md where the bench was last run.
 *
 * Run: `node bench/label-fidelity.ts [folder] [--out=/tmp/promo-out]`; --out writes, per picture,
 * the original and the result side by side, the erased background, and the labels found (tinted,
 * those under the bar outlined in red).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defaultMattingWorkers } from '../apps/server/src/config.ts';
import { createOcrEngine, type TextBox } from '../apps/server/src/imaging/ocr/index.ts';
import type { ProductMatte } from '../apps/server/src/imaging/text/product-text.ts';
import type { RgbImage } from '../apps/server/src/imaging/text/rgb-image.ts';
import { translatePicture } from '../apps/server/src/imaging/text/translate-picture.ts';
import { onnxMatting } from '../apps/server/src/providers/matting/onnx-matting.ts';
import { translateOffline } from '../apps/server/test/fakes/fake-translate-answers.ts';
import { drawHardScene, HARD_SCENES } from '../apps/server/test/fakes/hard-scenes.ts';
import {
  EDGE_BAR,
  FILL_SLACK,
  flatPageExcess,
  INNER_BAR,
  type Label,
  labelFidelity,
  labelsUnder,
} from '../apps/server/test/fakes/label-measures.ts';
import { drawDressAd } from '../apps/server/test/fakes/price-ads.ts';
import { englishLike } from '../apps/server/test/fakes/translate-measures.ts';

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--')) ?? '/tmp/promo';
const out = args.find((a) => a.startsWith('--out='))?.slice(6) ?? null;

const drawn = [
  ...(await Promise.all(
    HARD_SCENES.map(async (s) => ({ name: `drawn: ${s.name}`, bytes: await drawHardScene(s) })),
  )),
  { name: 'drawn: dress ad', bytes: await drawDressAd() },
];
const found = existsSync(folder)
  ? readdirSync(folder)
      .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
      .sort()
      .map((f) => ({ name: f, bytes: readFileSync(path.join(folder, f)) }))
  : [];
if (found.length === 0) console.log(`(no pictures in ${folder}: the drawn scenes only)`);
const pictures = [...drawn, ...found];

const ocr = createOcrEngine();
const cores = availableParallelism();
const matting = onnxMatting({ model: 'medium', workers: defaultMattingWorkers(cores), queue: 8, cores });
const findProduct: ProductMatte = (image) => matting.matte(image);
if (out) mkdirSync(out, { recursive: true });
// The models load on the first call: warm up so the first picture is timed like the others.
const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();
await Promise.all([ocr.readLines(blank), matting.matte(blank)]);

const raw = async (png: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const png = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();
const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const where = (b: TextBox) => `${b.width}×${b.height} at (${b.x},${b.y})`;

/** Whether most of `line` lies in `area` (a kept block's box: its lines were not erased). */
function mostlyInside(line: TextBox, area: TextBox): boolean {
  const width = Math.min(line.x + line.width, area.x + area.width) - Math.max(line.x, area.x);
  const height = Math.min(line.y + line.height, area.y + area.height) - Math.max(line.y, area.y);
  return width > 0 && height > 0 && width * height >= 0.6 * line.width * line.height;
}

/** The original with its labels tinted, those under the bar outlined in red, and the line boxes in blue. */
function labelsPicture(original: RgbImage, labels: Label[], failing: Set<Label>, boxes: TextBox[]) {
  const data = Buffer.from(original.data);
  const paint = (x: number, y: number, rgb: number[], share: number) => {
    if (x < 0 || y < 0 || x >= original.width || y >= original.height) return;
    const i = (y * original.width + x) * 3;
    for (let c = 0; c < 3; c++)
      data[i + c] = Math.round((data[i + c] as number) * (1 - share) + (rgb[c] as number) * share);
  };
  const tints = [
    [0, 200, 255],
    [0, 255, 120],
    [255, 200, 0],
    [200, 0, 255],
  ];
  labels.forEach((label, n) => {
    const { box, mask } = label;
    const inside = (x: number, y: number) =>
      x >= 0 && y >= 0 && x < box.width && y < box.height && mask[y * box.width + x] === 1;
    for (let y = 0; y < box.height; y++)
      for (let x = 0; x < box.width; x++) {
        if (!inside(x, y)) continue;
        const edge = !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1);
        if (edge && failing.has(label))
          for (let d = -1; d <= 1; d++) paint(box.x + x + d, box.y + y + d, [255, 0, 0], 1);
        else paint(box.x + x, box.y + y, tints[n % tints.length] as number[], edge ? 0.9 : 0.35);
      }
  });
  for (const b of boxes)
    for (let x = b.x; x < b.x + b.width; x++)
      for (let y = b.y; y < b.y + b.height; y++)
        if (x === b.x || y === b.y || x === b.x + b.width - 1 || y === b.y + b.height - 1)
          paint(x, y, [0, 0, 255], 1);
  return png({ data, width: original.width, height: original.height });
}

console.log(
  `picture                                 size      lines  labels  <bar  worst  erased   edge  inner  flat  excess  left       s  s/MP   (bar: a label keeps ≥ ${1 - FILL_SLACK} of its fill, ≥ ${EDGE_BAR} of its edge, ≥ ${INNER_BAR} of what else is printed on it)`,
);
const total = {
  pictures: 0,
  labels: 0,
  under: 0,
  worst: 1,
  edge: 1,
  inner: 1,
  excess: 0,
  left: 0,
  seconds: 0,
  pixels: 0,
};
for (const picture of pictures) {
  const started = performance.now();
  const translated = await translatePicture(
    ocr,
    picture.bytes,
    { target: 'en', keep: [], product: findProduct },
    (blocks) => translateOffline(blocks, englishLike),
  ).catch((error: Error) => error);
  const seconds = (performance.now() - started) / 1000;
  if (translated instanceof Error) {
    console.log(
      `${picture.name.slice(0, 38).padEnd(38)}  ${' '.repeat(80)}${seconds.toFixed(2).padStart(6)}  ${translated.message.slice(0, 60)}…`,
    );
    continue;
  }
  const [original, result, erased] = await Promise.all([
    raw(translated.source),
    raw(translated.result),
    raw(translated.background),
  ]);
  // The lines erased: every line read on the picture but those of the blocks kept as they were.
  const lines = (await ocr.readLines(translated.source)).filter(
    (line) => !translated.kept.some((kept) => mostlyInside(line.box, kept.box)),
  );
  const boxes = lines.map((line) => line.box);
  const labels = labelsUnder(original, boxes);
  const onResult = labelFidelity(original, result, labels);
  const onErased = labelFidelity(original, erased, labels);
  const under = onResult.filter((f) => f.kept < 1 - FILL_SLACK || f.edge < EDGE_BAR || f.inner < INNER_BAR);
  const worst = Math.min(1, ...onResult.map((f) => f.kept));
  const worstErased = Math.min(1, ...onErased.map((f) => f.kept));
  const worstEdge = Math.min(1, ...onResult.map((f) => f.edge));
  const worstInner = Math.min(1, ...onResult.map((f) => f.inner));
  const flat = flatPageExcess(original, erased, boxes);
  const megapixels = (original.width * original.height) / 1e6;
  Object.assign(total, {
    pictures: total.pictures + 1,
    labels: total.labels + labels.length,
    under: total.under + under.length,
    worst: Math.min(total.worst, worst),
    edge: Math.min(total.edge, worstEdge),
    inner: Math.min(total.inner, worstInner),
    excess: total.excess + flat.total,
    left: total.left + translated.residual.count,
    seconds: total.seconds + seconds,
    pixels: total.pixels + megapixels,
  });
  const size = `${original.width}×${original.height}`;
  console.log(
    `${picture.name.slice(0, 38).padEnd(38)}  ${size.padEnd(9)}  ${String(lines.length).padStart(5)}  ${String(labels.length).padStart(6)}  ${String(under.length).padStart(4)}  ${worst.toFixed(2).padStart(5)}  ${worstErased.toFixed(2).padStart(6)}  ${worstEdge.toFixed(2).padStart(5)}  ${worstInner.toFixed(2).padStart(5)}  ${String(flat.lines.length).padStart(4)}  ${String(flat.total).padStart(6)}  ${String(translated.residual.count).padStart(4)}  ${seconds.toFixed(2).padStart(6)}  ${(seconds / megapixels).toFixed(2).padStart(4)}`,
  );
  for (const f of under) {
    const erased = onErased[onResult.indexOf(f)];
    const says = f.label.lines.map((i) => lines[i]?.text).join(' / ');
    console.log(
      `    label ${hex(f.label.fill)} ${where(f.label.box)}: fill ${f.before.toFixed(2)} → ${f.after.toFixed(2)} (kept ${f.kept.toFixed(2)}, erased alone ${erased?.kept.toFixed(2)}), edge kept ${f.edge.toFixed(2)} (erased alone ${erased?.edge.toFixed(2)}), inner kept ${f.inner.toFixed(2)} (erased alone ${erased?.inner.toFixed(2)}) under 「${says.slice(0, 40)}」`,
    );
  }
  for (const l of flat.lines.filter((l) => l.excess > 0).slice(0, 4))
    console.log(
      `    flat ${hex(l.page)} page, noise ${l.noise.toFixed(0)}: ${l.excess} px off it in ${where(boxes[l.line] as TextBox)} 「${lines[l.line]?.text.slice(0, 30)}」`,
    );
  if (out) {
    const name = picture.name.replace(/[^\w.-]+/g, '-').replace(/\.(png|jpe?g|webp)$/i, '');
    const side = await sharp({
      create: { width: original.width * 2, height: original.height, channels: 3, background: '#888' },
    })
      .composite([
        { input: translated.source, left: 0, top: 0 },
        { input: translated.result, left: original.width, top: 0 },
      ])
      .png()
      .toBuffer();
    writeFileSync(path.join(out, `${name}.png`), side);
    writeFileSync(path.join(out, `${name}.erased.png`), translated.background);
    writeFileSync(
      path.join(out, `${name}.labels.png`),
      await labelsPicture(original, labels, new Set(under.map((f) => f.label)), boxes),
    );
  }
}
console.log(
  `total: ${total.pictures} pictures, ${total.labels} labels, ${total.under} under the bar (worst fill kept ${total.worst.toFixed(2)}, worst edge kept ${total.edge.toFixed(2)}, worst inner kept ${total.inner.toFixed(2)}; goal 0); ${total.excess} flat-page pixels beyond noise (goal 0); ${total.left} Chinese characters left (goal 0); ${total.seconds.toFixed(1)} s, ${(total.seconds / Math.max(1e-9, total.pixels)).toFixed(2)} s per 1000² pixels (${cores} cores)`,
);
await Promise.all([ocr.close(), matting.close()]);
