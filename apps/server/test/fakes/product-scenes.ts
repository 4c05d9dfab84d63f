import sharp from 'sharp';
import { type Writing, writeChinese } from './chinese-text.ts';

/**
 * Supplier product shots for 图片翻译's product-text tests and benchmark, drawn at 1000×1000: a
 * product with Chinese printed on it (`onProduct`) and selling points drawn around it (`around`).
 * `overlay` is a selling point drawn over the product itself. Each knows which of its texts a
 * seller would want kept, so a scene can score the detection.
 */
export interface ProductScene {
  name: string;
  /** The SVG body drawn under the text (background and product). */
  drawing: string;
  /** Printed on the product: kept by default. */
  onProduct: Writing[];
  /** On the background around the product: translated. */
  around: Writing[];
  /** Drawn over the product: kept when wholly inside it (see docs/decisions.md). */
  overlay?: Writing[];
}

export const SCENE_SIDE = 1000;

const GRADIENT =
  '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="1" stop-color="#d5dee8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>';

/**
 * Light across a rounded surface (`id`): darker at the sides, as a photographed product always is
 * (a flat colour is a designer's panel: see imaging/text/product-text.ts).
 */
const shading = (id: string, edge: string, middle: string, vertical = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${edge}"/><stop offset="0.45" stop-color="${middle}"/><stop offset="1" stop-color="${edge}"/></linearGradient>`;

/** A water bottle: cap, neck, body and a cream label. */
const BOTTLE =
  `<defs>${shading('glass', '#1d4f6e', '#3b8dbd')}</defs>` +
  '<rect x="430" y="150" width="140" height="80" rx="12" fill="#1b1b1b"/>' +
  '<rect x="445" y="225" width="110" height="90" fill="url(#glass)"/>' +
  '<rect x="370" y="300" width="260" height="580" rx="56" fill="url(#glass)"/>' +
  '<rect x="385" y="460" width="230" height="230" fill="#f8f4e3"/>';

const TEXT = '#22223b';

export const PRODUCT_SCENES: ProductScene[] = [
  {
    name: 'bottle with a label',
    drawing: GRADIENT + BOTTLE,
    onProduct: [
      { text: '山泉水', left: 420, top: 490, size: 56, color: '#1b4965' },
      { text: '天然矿泉', left: 428, top: 590, size: 36, color: '#1b4965', bold: false },
    ],
    around: [
      { text: '富含矿物质', left: 40, top: 300, size: 40, color: TEXT },
      { text: '天然弱碱', left: 40, top: 420, size: 40, color: TEXT },
      { text: '轻盈口感', left: 700, top: 300, size: 40, color: TEXT },
      { text: '限时特惠 ¥29', left: 680, top: 860, size: 40, color: '#c1121f' },
    ],
  },
  {
    name: 'tea box',
    drawing:
      `<defs>${shading('front', '#2f5229', '#4a7f41', true)}</defs>` +
      '<rect width="100%" height="100%" fill="#fbf7ef"/>' +
      '<polygon points="300,330 380,260 780,260 700,330" fill="#5b8c51"/>' +
      '<polygon points="700,330 780,260 780,740 700,810" fill="#2f5229"/>' +
      '<rect x="300" y="330" width="400" height="480" fill="url(#front)"/>',
    onProduct: [
      { text: '有机绿茶', left: 345, top: 410, size: 72, color: '#ffffff' },
      { text: '净含量 250g', left: 380, top: 700, size: 34, color: '#e9f5db', bold: false },
    ],
    around: [
      { text: '高山茶园 新鲜直达', left: 200, top: 100, size: 52, color: TEXT },
      { text: '买二送一', left: 780, top: 880, size: 44, color: '#c1121f' },
    ],
  },
  {
    name: 'bag on a photo',
    drawing:
      `<defs>${shading('leather', '#5e1f1a', '#93392f')}<filter id="n">` +
      '<feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="5"/><feColorMatrix values="0 0 0 0 0.5 0 0 0 0 0.42 0 0 0 0 0.33 0 0 0 0.55 0"/></filter></defs>' +
      '<rect width="100%" height="100%" fill="#c9b79c"/><rect width="100%" height="100%" filter="url(#n)"/>' +
      '<path d="M400 330 C400 200 600 200 600 330" stroke="#3b2f2f" stroke-width="26" fill="none"/>' +
      '<rect x="300" y="320" width="400" height="480" rx="36" fill="url(#leather)"/>',
    onProduct: [{ text: '悠然', left: 440, top: 480, size: 60, color: '#f2e8cf' }],
    around: [
      { text: '真皮手工', left: 60, top: 120, size: 48, color: '#ffffff' },
      { text: '大容量 通勤', left: 60, top: 860, size: 44, color: '#ffffff' },
    ],
  },
  {
    name: 'overlay over a bottle',
    drawing: GRADIENT + BOTTLE,
    onProduct: [{ text: '山泉水', left: 420, top: 490, size: 56, color: '#1b4965' }],
    around: [
      { text: '富含矿物质', left: 40, top: 300, size: 40, color: TEXT },
      // Across the bottle's right edge: part on the product, part on the background.
      { text: '爆款推荐', left: 560, top: 790, size: 48, color: '#e63946' },
    ],
    overlay: [{ text: '限时特惠', left: 404, top: 720, size: 48, color: '#e63946' }],
  },
  {
    name: 'round badge on a bottle',
    // A sticker-style 「包邮」 disc drawn wholly over the bottle: an advert's badge, not the print.
    drawing: `${GRADIENT + BOTTLE}<circle cx="500" cy="790" r="78" fill="#e63946"/>`,
    onProduct: [{ text: '山泉水', left: 420, top: 490, size: 56, color: '#1b4965' }],
    around: [{ text: '包邮', left: 456, top: 762, size: 44, color: '#ffffff' }],
  },
];

/** The scene as a PNG. */
export function drawProductScene(scene: ProductScene): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_SIDE}" height="${SCENE_SIDE}">${scene.drawing}</svg>`;
  return writeChinese(sharp(Buffer.from(svg)), [
    ...scene.onProduct,
    ...scene.around,
    ...(scene.overlay ?? []),
  ]);
}
