/**
 * Taobao-style price adverts whose line is set in two colours: a white 「168」 and a yellow 「元」 on
 * a red patterned background with a photo-like texture (issue 50 #2: the 元 was half erased and
 * 「未发现残留中文」 said beside it). For strokes-left.test.ts and bench/image-translate.ts.
 */
import sharp from 'sharp';
import { type Writing, writeChinese } from './chinese-text.ts';

export const YELLOW = [0xff, 0xd6, 0x0a];

/** Red diagonal stripes under a soft fractal texture, as a dress ad's backdrop. */
const backdrop = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><rect width="40" height="40" fill="#c8102e"/><rect width="20" height="40" fill="#b00d27"/></pattern><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="5"/><feColorMatrix values="0 0 0 0 0.9 0 0 0 0 0.3 0 0 0 0 0.3 0 0 0 0.25 0"/></filter></defs><rect width="100%" height="100%" fill="url(#p)"/><rect width="100%" height="100%" filter="url(#n)"/></svg>`;

/** A price in two colours at (left, top): 「168」 white at `size`, 「元」 yellow at two thirds of it. */
export function twoColourPrice(
  left: number,
  top: number,
  size: number,
  outline?: Writing['outline'],
  digits = '168',
): Writing[] {
  const extra = outline ? { outline } : {};
  return [
    { text: digits, left, top, size, color: '#ffffff', ...extra },
    {
      text: '元',
      left: left + Math.round(size * 0.58 * digits.length) + Math.round(size * 0.05),
      top: top + Math.round(size * 0.29),
      size: Math.round(size * 0.67),
      color: '#ffd60a',
      ...extra,
    },
  ];
}

/** The 800×500 dress ad: a white title and the two-colour price, optionally outlined in dark red. */
export function drawDressAd(outline = false): Promise<Buffer> {
  const line = outline ? { color: '#5a0010', width: 4 } : undefined;
  return writeChinese(sharp(Buffer.from(backdrop(800, 500))), [
    {
      text: '连衣裙 限时特惠',
      left: 80,
      top: 60,
      size: 56,
      color: '#ffffff',
      ...(line ? { outline: line } : {}),
    },
    ...twoColourPrice(180, 250, 120, line),
  ]);
}

/** A 2000×2000 poster of ten two-colour lines (a white phrase and a yellow 元): the check's cost. */
export function drawPricePoster(): Promise<Buffer> {
  const phrases = [
    '连衣裙新款',
    '限时特惠',
    '纯棉面料',
    '亲肤透气',
    '正品保障',
    '七天无理由',
    '包邮到家',
    '显瘦百搭',
    '加厚保暖',
    '买二送一',
  ];
  return writeChinese(
    sharp(Buffer.from(backdrop(2000, 2000))),
    phrases.flatMap((text, i) => {
      const left = 120 + (i % 2) * 950;
      const top = 120 + Math.floor(i / 2) * 360;
      return [
        { text, left, top, size: 110, color: '#ffffff' },
        { text: '元', left: left + 110 * [...text].length + 20, top: top + 30, size: 80, color: '#ffd60a' },
      ];
    }),
  );
}
