/**
 * Supplier pictures that broke 图片翻译 before, drawn: coloured label boxes, a gradient banner,
 * outlined text over a photo, a vertical column, a two-line caption over a photo. The tests assert
 * what a seller sees on them (translate-hard-cases.test.ts); the benchmark prints it.
 */
import sharp from 'sharp';
import { type Writing, writeChinese } from './chinese-text.ts';

const SIZE = 1000;
const svg = (body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${body}</svg>`),
  );
/** A photo-like texture: fractal noise over warm and cool patches, the same every run. */
const PHOTO =
  '<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.015" numOctaves="4" seed="11"/><feColorMatrix values="0 0 0 0 0.35 0 0 0 0 0.45 0 0 0 0 0.3 0 0 0 0.9 0"/></filter></defs><rect width="100%" height="100%" fill="#5d7a4a"/><rect width="100%" height="100%" filter="url(#n)"/><circle cx="700" cy="650" r="220" fill="#2f3e46"/>';

export const HARD_SCENES: { name: string; background: string; texts: Writing[] }[] = [
  {
    name: 'coloured label boxes',
    background:
      '<rect width="100%" height="100%" fill="#f4f1ea"/><rect x="80" y="120" width="520" height="110" rx="14" fill="#e63946"/><rect x="80" y="300" width="520" height="110" rx="14" fill="#ffb703"/><rect x="80" y="480" width="520" height="110" rx="14" fill="#2a9d8f"/>',
    texts: [
      { text: '专业鉴定', left: 110, top: 140, size: 60, color: '#ffffff' },
      { text: '限时特惠', left: 110, top: 320, size: 60, color: '#1d3557' },
      { text: '正品保障', left: 110, top: 500, size: 60, color: '#ffffff' },
    ],
  },
  {
    name: 'gradient banner',
    background:
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7b2ff7"/><stop offset="1" stop-color="#f107a3"/></linearGradient></defs><rect width="100%" height="100%" fill="#ffffff"/><rect x="0" y="380" width="1000" height="200" fill="url(#g)"/>',
    texts: [{ text: '新品上市 限时特惠', left: 160, top: 430, size: 72, color: '#ffffff' }],
  },
  {
    name: 'outlined text over a photo',
    background: PHOTO,
    texts: [
      {
        text: '买一送一',
        left: 240,
        top: 160,
        size: 110,
        color: '#ffd60a',
        outline: { color: '#000000', width: 5 },
      },
    ],
  },
  {
    name: 'vertical column',
    background:
      '<rect width="100%" height="100%" fill="#ffffff"/><rect x="300" y="150" width="500" height="700" fill="#d4a373"/>',
    texts: [{ text: '领券更优惠', left: 90, top: 200, size: 64, color: '#c1121f', vertical: true }],
  },
  {
    // Like chineseocr_lite's cosmetics ad: a red column in a pink glow on white, beside the product.
    name: 'glowing column beside a product',
    background:
      '<rect width="100%" height="100%" fill="#ffffff"/><rect x="330" y="120" width="360" height="760" rx="30" fill="#6b2f26"/>',
    texts: [
      {
        text: '巨额优惠券',
        left: 170,
        top: 200,
        size: 80,
        color: '#e60012',
        vertical: true,
        bold: false,
        glow: { color: '#ff8a94', radius: 20 },
      },
    ],
  },
  {
    // Like a Taobao promotion long image: white text on gradient pills on a white card, a
    // purple line above them, the card on a purple page.
    name: 'promotion pills on a card',
    background:
      '<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f01fd8"/><stop offset="1" stop-color="#8a2be2"/></linearGradient></defs><rect width="100%" height="100%" fill="#7b2ff7"/><rect x="60" y="80" width="880" height="840" rx="24" fill="#ffffff" stroke="#ffc83d" stroke-width="10"/><rect x="200" y="330" width="600" height="90" rx="45" fill="url(#p)"/><rect x="260" y="620" width="480" height="80" rx="40" fill="url(#p)"/>',
    texts: [
      { text: '强力去污 符合国标', left: 190, top: 180, size: 72, color: '#9b1ef2' },
      { text: '深度防冻不结冰', left: 248, top: 340, size: 58, color: '#ffffff' },
      { text: '惊喜福利', left: 384, top: 628, size: 52, color: '#ffffff' },
    ],
  },
  {
    name: 'two-line caption over a photo',
    background: PHOTO,
    texts: [
      { text: '最美的不是下雨天', left: 150, top: 300, size: 64, color: '#ffffff' },
      { text: '是曾与你躲过雨的屋檐', left: 90, top: 400, size: 64, color: '#ffffff' },
    ],
  },
];

/** A scene as a PNG. */
export const drawHardScene = (scene: (typeof HARD_SCENES)[number]) =>
  writeChinese(svg(scene.background), scene.texts);
