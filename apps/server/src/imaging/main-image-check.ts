import {
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
  type MainImageReport,
  type MainImageRule,
  type MainImageRuleSet,
  MAIN_IMAGE_RULES as MEASURE,
  type RuleLevel,
} from '@chuhai/contract';
import { productBox } from './product-box.ts';
import { ghostRule, objectsRule, textRule } from './product-only.ts';

/** Raw pixels, three bytes (RGB) each, with the product's mask at the same size. */
export interface MaskedPixels {
  rgb: Uint8Array;
  mask: Uint8Array;
  width: number;
  height: number;
}

/** Mask values below this are background for the white check (the soft edge is neither). */
const BACKGROUND_BELOW = 16;

const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;

type Measured = Omit<MainImageRule, 'level'>;

function backgroundRule({ rgb, mask, width, height }: MaskedPixels, made: boolean): Measured {
  let background = 0;
  let white = 0;
  for (let p = 0, i = 0; p < width * height; p += 1, i += 3) {
    if ((mask[p] as number) >= BACKGROUND_BELOW) continue;
    background += 1;
    if (
      (rgb[i] as number) >= MEASURE.whiteLevel &&
      (rgb[i + 1] as number) >= MEASURE.whiteLevel &&
      (rgb[i + 2] as number) >= MEASURE.whiteLevel
    )
      white += 1;
  }
  const label = '纯白背景（RGB 255）';
  if (background === 0)
    return {
      key: 'background',
      label,
      pass: false,
      measured: '画面里没有背景',
      advice: '缩小产品，四周留出白底',
    };
  const share = white / background;
  const pass = share >= MEASURE.whiteShare;
  return {
    key: 'background',
    label,
    pass,
    measured: `背景 ${percent(share)} 为纯白`,
    advice: pass
      ? ''
      : made
        ? '产品旁边还有原背景的残留：用「修补」里的擦除画笔擦掉，主图会重新生成'
        : '把背景换成纯白（一键修正会去掉原背景）',
  };
}

function fillRule({ mask, width, height }: MaskedPixels, band: { min: number; max: number }): Measured {
  const label = `产品占画面 ${Math.round(band.min * 100)}%–${Math.round(band.max * 100)}%`;
  const box = productBox(mask, width, height);
  if (!box)
    return { key: 'fill', label, pass: false, measured: '没有找到产品', advice: '换一张产品清晰的照片' };
  const fill = Math.max(box.width / width, box.height / height);
  const pass = fill >= band.min && fill <= band.max;
  const advice =
    fill < band.min
      ? `产品太小，放大到画面的 ${Math.round(MEASURE.fillTarget * 100)}% 左右`
      : fill > band.max
        ? '产品贴边，四周留出一点白边'
        : '';
  return { key: 'fill', label, pass, measured: `产品占 ${percent(fill)}`, advice };
}

function sizeRule({ width, height }: MaskedPixels, minSide: number, fixSize: number): Measured {
  const side = Math.min(width, height);
  const pass = side >= minSide;
  const note = pass && side < fixSize ? `（推荐 ${fixSize} px）` : '';
  return {
    key: 'size',
    label: `最短边至少 ${minSide} px`,
    pass,
    measured: `${width}×${height} px${note}`,
    advice: pass ? '' : `放大到至少 ${minSide} px，推荐 ${fixSize} px`,
  };
}

function squareRule({ width, height }: MaskedPixels): Measured {
  const ratio = Math.max(width, height) / Math.min(width, height);
  const pass = ratio <= 1.01;
  return {
    key: 'square',
    label: '正方形 1:1',
    pass,
    measured: pass ? '1:1' : `${(width / height).toFixed(2)}:1`,
    advice: pass ? '' : '裁成或补白成正方形',
  };
}

/**
 * A made main image whose product had to be enlarged a lot: the marketplace's rules pass, but the
 * seller should know it may look soft. Always a recommendation (no marketplace measures it).
 */
function sharpnessRule(enlargement: number): Measured {
  const times = enlargement.toFixed(1).replace(/\.0$/, '');
  const pass = enlargement <= MEASURE.enlargeWarnAbove;
  return {
    key: 'sharpness',
    label: '清晰度',
    pass,
    measured: !pass
      ? `原图分辨率低，已放大 ${times} 倍，可能不清晰`
      : enlargement > 1
        ? `放大 ${times} 倍，清晰度不受影响`
        : '原图足够大，没有放大',
    advice: pass ? '' : '换一张产品拍得更大、更清楚的原图',
  };
}

/**
 * Judges an image against one marketplace's main-image rules, each with what was measured and
 * whether it is a requirement. The image passes when every requirement does. A main image we made
 * passes `made` too, and is also judged on how much its product was enlarged. 「只有商品」 (no
 * separate parts, no see-through product, and with `seen.lines` no added text) where the
 * marketplace asks for it.
 */
/**
 * What the check saw beyond the pixels: the text an OCR read on the image (null: not read), whether
 * the seller said every part is the product, and how many separate parts were dropped before.
 */
export interface Seen {
  lines: readonly { text: string; box: { x: number; y: number; width: number; height: number } }[] | null;
  allParts?: boolean;
  dropped?: number;
}

export function checkMainImage(
  pixels: MaskedPixels,
  marketplace: ImageMarketplaceId = 'amazon',
  made?: { enlargement: number },
  seen: Seen = { lines: null },
): MainImageReport {
  const set: MainImageRuleSet = MAIN_IMAGE_RULE_SETS[marketplace];
  const rules: MainImageRule[] = [];
  const add = (level: RuleLevel | null, measure: () => Measured) => {
    if (level) rules.push({ ...measure(), level });
  };
  add(set.white, () => backgroundRule(pixels, made !== undefined));
  add(set.fill?.level ?? null, () => fillRule(pixels, set.fill as { min: number; max: number }));
  add(set.minSide.level, () => sizeRule(pixels, set.minSide.px, set.size));
  add(set.square, () => squareRule(pixels));
  if (seen.lines) add(set.productOnly, () => textRule(seen.lines ?? [], pixels));
  add(set.productOnly, () =>
    objectsRule(pixels.mask, pixels.width, pixels.height, {
      allParts: seen.allParts ?? false,
      dropped: seen.dropped ?? 0,
      made: made !== undefined,
    }),
  );
  add(set.productOnly, () => ghostRule(pixels.mask, pixels.width, pixels.height, made?.enlargement));
  if (made) rules.push({ ...sharpnessRule(made.enlargement), level: 'recommended' });
  return { marketplace, pass: rules.every((r) => r.pass || r.level === 'recommended'), rules };
}
