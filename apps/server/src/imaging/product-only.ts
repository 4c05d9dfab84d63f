/**
 * 「只有商品」: a main image shows the product and nothing else. What a marketplace reviewer
 * refuses and the size/white rules cannot see: text, badges or watermarks added over the photo,
 * parts of the cut-out apart from the product (a person, a second item, a loose fragment), and a
 * product the cut left half-transparent. Rules for main-image-check.ts, and the fix that drops
 * separate parts before a main image is made.
 */
import { type MainImageRule, MAIN_IMAGE_RULES as MEASURE } from '@chuhai/contract';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { SOLID, solidComponents } from './clean-mask.ts';
import type { TextBox } from './ocr/index.ts';
import { sitsOnBadge } from './text/badge.ts';
import { dilate } from './text/ink.ts';
import { isDesigned } from './text/product-text.ts';

type Measured = Omit<MainImageRule, 'level'>;

/** Alpha at and above this (and below `SOLID`… up to 200) is see-through, not background. */
const SEE_THROUGH = { from: 24, to: 200 };

export interface Part {
  area: number;
  box: TextBox;
}

/** The solid parts of a mask, largest first, with their boxes; none under `separatePartShare` of the largest. */
export function partsOf(
  mask: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; parts: (Part & { label: number })[] } {
  const { labels, areas } = solidComponents(mask, width, new Int32Array(mask.length));
  const boxes = areas.map(() => ({ x0: width, y0: height, x1: -1, y1: -1 }));
  for (let p = 0; p < labels.length; p += 1) {
    const label = labels[p] as number;
    if (label === 0) continue;
    const b = boxes[label] as { x0: number; y0: number; x1: number; y1: number };
    const x = p % width;
    const y = (p - x) / width;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  const all = areas
    .map((area, label) => {
      const b = boxes[label] as { x0: number; y0: number; x1: number; y1: number };
      return { label, area, box: { x: b.x0, y: b.y0, width: b.x1 - b.x0 + 1, height: b.y1 - b.y0 + 1 } };
    })
    .filter((part) => part.label > 0)
    .sort((a, b) => b.area - a.area);
  const largest = all[0]?.area ?? 0;
  return { labels, parts: all.filter((part) => part.area >= largest * MEASURE.separatePartShare) };
}

/**
 * The lines an OCR read that can be added text: not a lone Latin letter or digit (the detector
 * reads a tall product as 「1」, a ring as 「O」), and not as large as the product itself.
 */
export function textLike<L extends { text: string; box: TextBox }>(
  lines: readonly L[],
  productArea: number,
): L[] {
  return lines.filter((line) => {
    const bare = line.text.replace(/[\s\p{P}]/gu, '');
    if ([...bare].length < 2 && !/\p{Script=Han}/u.test(bare)) return false;
    return line.box.width * line.box.height < productArea * 0.4;
  });
}

/** At most this many pixels of a part are looked at to judge its surface. */
const SURFACE_SAMPLES = 20_000;

/**
 * Whether `box` lies on a part other than the product (the largest) whose surface is a designer's
 * flat colour or straight gradient: a promotion pill or sticker the seller kept with 「这些都是商品」
 * is still not print on a product.
 */
export function onDesignedPart(
  rgb: Buffer,
  width: number,
  found: { labels: Int32Array; parts: { label: number; area: number }[] },
  box: TextBox,
): boolean {
  const counts = new Map<number, number>();
  for (let y = Math.max(0, box.y); y < box.y + box.height; y += 1)
    for (let x = Math.max(0, box.x); x < Math.min(width, box.x + box.width); x += 1) {
      const label = found.labels[y * width + x] ?? 0;
      if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  const under = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!under || under === found.parts[0]?.label) return false;
  const area = found.parts.find((part) => part.label === under)?.area ?? 0;
  const surface = samplePart(found.labels, under, area, box, width);
  return surface.length > 0 && isDesigned(rgb, surface, width);
}

/** Every `step`-th pixel of a part (a large part judged all over, in at most SURFACE_SAMPLES). */
function samplePart(labels: Int32Array, label: number, area: number, skip?: TextBox, width = 1): number[] {
  const step = Math.max(1, Math.floor(area / SURFACE_SAMPLES));
  const surface: number[] = [];
  let seen = 0;
  for (let p = 0; p < labels.length; p += 1) {
    if (labels[p] !== label) continue;
    if (skip) {
      const x = p % width;
      const y = (p - x) / width;
      if (x >= skip.x && x < skip.x + skip.width && y >= skip.y && y < skip.y + skip.height) continue;
    }
    if (seen++ % step === 0) surface.push(p);
  }
  return surface;
}

/**
 * The matte with only the product: its largest solid part (and the soft edge around it). A person
 * beside the product, a badge over the background, a loose fragment are dropped. With `allParts`
 * (「这些都是商品」: a set of pots) every part stays but a designer's shape (a flat or straight-
 * gradient pill or sticker, judged on `rgb`), which is never the product. Says where the dropped
 * parts were.
 */
export function keepProductParts(
  matte: AlphaMask,
  rgb: Buffer,
  allParts: boolean,
): { matte: AlphaMask; dropped: TextBox[] } {
  const { width, height } = matte;
  const { labels, parts } = partsOf(matte.mask, width, height);
  const [main, ...others] = parts;
  if (!main || others.length === 0) return { matte, dropped: [] };
  const keptOthers = allParts
    ? others.filter((part) => !isDesigned(rgb, samplePart(labels, part.label, part.area), width))
    : [];
  const kept = new Set([main.label, ...keptOthers.map((part) => part.label)]);
  if (kept.size === parts.length) return { matte, dropped: [] };
  const product = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p += 1) if (kept.has(labels[p] as number)) product[p] = 1;
  // The soft edge belongs to whichever solid part it lies next to.
  const near = dilate(product, width, height, 3);
  const mask = Buffer.alloc(matte.mask.length);
  for (let p = 0; p < mask.length; p += 1) {
    const solid = (matte.mask[p] as number) >= SOLID;
    if (solid ? product[p] : near[p]) mask[p] = matte.mask[p] as number;
  }
  const dropped = others.filter((part) => !kept.has(part.label)).map((part) => part.box);
  return { matte: { mask, width, height }, dropped };
}

/**
 * Parts of the image apart from the product. `dropped`: parts the fix took away before (with
 * `allParts`, the seller's 「这些都是商品」, only designer's shapes are); `made`: a main image we
 * made (the advice points at the button), else the seller's photo (it points at the fix).
 */
export function objectsRule(
  mask: Uint8Array,
  width: number,
  height: number,
  seen: { allParts: boolean; dropped: number; made: boolean },
): Measured {
  const { allParts, dropped, made } = seen;
  const { parts } = partsOf(mask, width, height);
  const separate = parts.slice(1);
  const label = '只有商品，没有分开的物体';
  const stickers = dropped > 0 ? `（另去掉 ${dropped} 处纯色的贴纸或促销胶囊）` : '';
  // One part and nothing taken away: there was nothing for the seller to confirm.
  if (allParts && (separate.length > 0 || dropped > 0))
    return {
      key: 'objects',
      label,
      pass: true,
      measured: `${parts.length} 个部分，卖家确认都是商品${stickers}`,
      advice: '',
    };
  if (separate.length === 0)
    return {
      key: 'objects',
      label,
      pass: true,
      measured: dropped > 0 ? `已去掉与商品分开的 ${dropped} 处（人、其他物品或碎片）` : '只有一件商品',
      advice: dropped > 0 ? '如果去掉的也是商品（一套多件），点「这些都是商品」重新生成' : '',
    };
  return {
    key: 'objects',
    label,
    pass: false,
    measured: `除商品外还有 ${separate.length} 个分开的部分`,
    advice: made
      ? '用「修补」擦掉不是商品的部分；如果都是商品（一套多件），点「这些都是商品」'
      : '一键修正做的主图只保留商品；如果都是商品（一套多件），做出主图后点「这些都是商品」',
    found: separate.map((part) => part.box),
  };
}

/**
 * A product the cut left see-through over a large part: a ghost, not a soft edge. See-through
 * pixels within a soft edge's width of the background do not count; the edge is a pixel or two
 * wide in the photo and as many times wider as the product was enlarged.
 */
export function ghostRule(mask: Uint8Array, width: number, height: number, enlargement = 1): Measured {
  const background = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p += 1) background[p] = (mask[p] as number) < SEE_THROUGH.from ? 1 : 0;
  const edge = dilate(background, width, height, Math.ceil(2 * Math.max(1, enlargement)) + 1);
  let product = 0;
  let seeThrough = 0;
  for (let p = 0; p < mask.length; p += 1) {
    const alpha = mask[p] as number;
    if (alpha < SEE_THROUGH.from) continue;
    product += 1;
    if (alpha <= SEE_THROUGH.to && !edge[p]) seeThrough += 1;
  }
  const share = seeThrough / Math.max(1, product);
  const pass = share <= MEASURE.ghostShare;
  return {
    key: 'ghost',
    label: '商品完整、不透明',
    pass,
    measured: `半透明部分占商品 ${(share * 100).toFixed(1).replace(/\.0$/, '')}%`,
    advice: pass
      ? ''
      : '商品有大片半透明（浅色商品和背景太接近）：用「修补」的恢复画笔把商品补实，或换一张背景和商品颜色反差大的照片',
  };
}

/**
 * Text the OCR read on the made image that was added over the photo: on the white background,
 * across the product's outline, or on a badge over the product. Text printed on the product's
 * surface (its brand, its label) is allowed.
 */
export function textRule(
  lines: readonly { text: string; box: TextBox }[],
  pixels: { rgb: Uint8Array; mask: Uint8Array; width: number; height: number },
): Measured {
  const { mask, width, height } = pixels;
  const productAt = (box: TextBox) => {
    let on = 0;
    let all = 0;
    for (let y = Math.max(0, box.y); y < Math.min(height, box.y + box.height); y += 1)
      for (let x = Math.max(0, box.x); x < Math.min(width, box.x + box.width); x += 1) {
        all += 1;
        if ((mask[y * width + x] as number) >= SOLID) on += 1;
      }
    return on / Math.max(1, all);
  };
  const image = {
    data: Buffer.from(pixels.rgb.buffer, pixels.rgb.byteOffset, pixels.rgb.length),
    width,
    height,
  };
  let productPixels = 0;
  for (const alpha of mask) if (alpha >= SOLID) productPixels += 1;
  const found = partsOf(mask, width, height);
  const texts = textLike(lines, productPixels);
  const added = texts.filter(
    (line) =>
      productAt(line.box) < MEASURE.onProductShare ||
      sitsOnBadge(image, line.box, productPixels / 4) ||
      onDesignedPart(image.data, width, found, line.box),
  );
  const label = '没有附加的文字、角标或水印';
  if (added.length === 0)
    return {
      key: 'text',
      label,
      pass: true,
      measured: texts.length > 0 ? `${texts.length} 处文字都印在商品上` : '没有文字',
      advice: '',
    };
  const shown = added
    .slice(0, 3)
    .map(
      (line) => `「${[...line.text].length > 16 ? `${[...line.text].slice(0, 16).join('')}…` : line.text}」`,
    )
    .join('、');
  return {
    key: 'text',
    label,
    pass: false,
    measured: `有 ${added.length} 处附加文字：${shown}`,
    advice: '供应商加的促销字、角标和水印不能出现在主图上：用「修补」擦掉，或换一张没有加字的原图',
    found: added.map((line) => line.box),
  };
}
