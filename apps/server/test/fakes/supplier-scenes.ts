import sharp from 'sharp';
import { type Writing, writeChinese } from './chinese-text.ts';

/**
 * Supplier pictures a seller makes main images from, drawn at 1000×1000: a product with what
 * suppliers add around it (a round 「包邮」 badge, an outlined caption, a promotion pill, a person)
 * or print on it (a bottle's label, which must stay), a column of product facts beside it, and a
 * pale product cropped tight. For 「只有商品」's tests and the main-image benchmark. `added`: the
 * texts that must not reach a main image (nor a cut-out); `printed`: those that must.
 */
export interface SupplierScene {
  name: string;
  drawing: string;
  texts: Writing[];
  added: string[];
  printed: string[];
  /** Several items sold together (a set of pots): the seller confirms 「这些都是商品」. */
  set?: boolean;
  /** A pale product cropped tight: its main image may fail (see-through, too large), but honestly. */
  pale?: boolean;
}

const SIDE = 1000;
const BACKGROUND = '<rect width="100%" height="100%" fill="#eef1f4"/>';

/** A glass bottle lit from the left (shading a photographed product has) with a cream label. */
const bottle = (x: number, y: number, k = 1) =>
  `<defs><linearGradient id="glass${x}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d4f6e"/><stop offset="0.45" stop-color="#3b8dbd"/><stop offset="1" stop-color="#1d4f6e"/></linearGradient></defs>` +
  `<rect x="${x + 60 * k}" y="${y}" width="${140 * k}" height="${80 * k}" rx="12" fill="#1b1b1b"/>` +
  `<rect x="${x + 75 * k}" y="${y + 75 * k}" width="${110 * k}" height="${90 * k}" fill="url(#glass${x})"/>` +
  `<rect x="${x}" y="${y + 150 * k}" width="${260 * k}" height="${560 * k}" rx="${56 * k}" fill="url(#glass${x})"/>` +
  `<rect x="${x + 15 * k}" y="${y + 300 * k}" width="${230 * k}" height="${200 * k}" fill="#f8f4e3"/>`;

/** A terracotta pot with a green plant, shaded. */
const pot = (x: number, y: number) =>
  `<defs><linearGradient id="clay${x}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a3b1f"/><stop offset="0.5" stop-color="#c8643b"/><stop offset="1" stop-color="#8a3b1f"/></linearGradient><radialGradient id="leaf${x}"><stop offset="0" stop-color="#5fa046"/><stop offset="1" stop-color="#2d6a2e"/></radialGradient></defs>` +
  `<ellipse cx="${x + 90}" cy="${y + 60}" rx="95" ry="80" fill="url(#leaf${x})"/>` +
  `<path d="M${x} ${y + 110} L${x + 180} ${y + 110} L${x + 150} ${y + 300} L${x + 30} ${y + 300} Z" fill="url(#clay${x})"/>`;

/** A standing person in a dark coat, as a supplier's street shot leaves one beside the product. */
const person = (x: number, y: number) =>
  `<circle cx="${x + 60}" cy="${y + 50}" r="45" fill="#d9a383"/>` +
  `<rect x="${x}" y="${y + 100}" width="120" height="330" rx="40" fill="#2b2d42"/>` +
  `<rect x="${x + 15}" y="${y + 420}" width="35" height="200" fill="#3d405b"/><rect x="${x + 70}" y="${y + 420}" width="35" height="200" fill="#3d405b"/>`;

const LABEL: Writing = { text: '山泉水', left: 395, top: 380, size: 56, color: '#1b4965' };

/** In the column scene: the bottle (cap to base) and where its facts stand, right of it. */
export const COLUMN_BOTTLE = { left: 60, top: 250, width: 195, height: 533 };
export const FACTS_COLUMN = { left: 370, top: 250, width: 630, height: 520 };

const FACTS: Writing[] = [
  '产品名称：天然矿泉水',
  '净含量：550毫升',
  '保质期：十二个月',
  '产地：长白山',
  '储存：阴凉干燥处',
  '配料：天然矿泉水',
].map((text, line) => ({ text, left: 380, top: 265 + line * 80, size: 42, color: '#22223b' }));

export const SUPPLIER_SCENES: SupplierScene[] = [
  {
    name: 'round badge beside a bottle',
    drawing: `${BACKGROUND}${bottle(370, 130)}<circle cx="160" cy="180" r="110" fill="#e63946"/>`,
    texts: [LABEL, { text: '包邮', left: 108, top: 150, size: 52, color: '#ffffff' }],
    added: ['包邮'],
    printed: ['山泉水'],
  },
  {
    name: 'outlined caption across a bottle',
    drawing: `${BACKGROUND}${bottle(370, 100)}`,
    texts: [
      { ...LABEL, top: 350 },
      {
        text: '买一送一',
        left: 300,
        top: 760,
        size: 90,
        color: '#ffd60a',
        outline: { color: '#000000', width: 5 },
      },
    ],
    added: ['买一送一'],
    printed: ['山泉水'],
  },
  {
    name: 'person beside a bottle',
    drawing: `${BACKGROUND}${bottle(300, 130)}${person(720, 250)}`,
    texts: [{ ...LABEL, left: 325 }],
    added: [],
    printed: ['山泉水'],
  },
  {
    // As 1688 listings show a product: the bottle on the left, its facts in a column on the right.
    // The matting model keeps the column (solid letters and a see-through haze around them).
    name: 'bottle beside a column of facts',
    drawing: `${BACKGROUND}${bottle(60, 250, 0.75)}`,
    texts: [{ ...LABEL, left: 85, top: 520, size: 42 }, ...FACTS],
    added: FACTS.map((fact) => fact.text),
    printed: ['山泉水'],
  },
  {
    // A cream mug cropped tight on a near-white table: the cut may leave it see-through.
    name: 'pale mug cropped tight',
    drawing:
      '<defs><linearGradient id="mug" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e4ddd0"/><stop offset="0.5" stop-color="#f7f3ea"/><stop offset="1" stop-color="#d9d1c2"/></linearGradient></defs>' +
      '<rect width="100%" height="100%" fill="#f4f2ee"/>' +
      '<rect x="60" y="40" width="760" height="940" rx="60" fill="url(#mug)"/>' +
      '<path d="M820 300 C1000 300 1000 700 820 700" stroke="#ddd5c6" stroke-width="70" fill="none"/>',
    texts: [],
    added: [],
    printed: [],
    pale: true,
  },
  {
    name: 'pill over a set of pots',
    drawing: `${BACKGROUND}${pot(80, 380)}${pot(410, 380)}${pot(740, 380)}<rect x="330" y="120" width="340" height="110" rx="55" fill="#e63946"/>`,
    texts: [{ text: '买二送一', left: 390, top: 143, size: 60, color: '#ffffff' }],
    added: ['买二送一'],
    printed: [],
    set: true,
  },
];

/** The scene as a PNG. */
export function drawSupplierScene(scene: SupplierScene): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${scene.drawing}</svg>`;
  return writeChinese(sharp(Buffer.from(svg)), scene.texts);
}
