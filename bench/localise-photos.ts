/**
 * The photos of bench/localise.ts: per product a supplier's main photo (a shaded product on a light
 * backdrop, some with a Chinese selling point beside it) and detail pictures carrying Chinese (a
 * selling-point poster, and for some products a product shot with text printed on the product).
 * Drawn with the tests' own tools, no file downloaded. The fake matting service (fake-rembg) takes
 * every pixel darker than 200 in red as the product, so backdrops are light and products dark.
 */
import sharp from 'sharp';
import { type Writing, writeChinese } from '../apps/server/test/fakes/chinese-text.ts';
import { drawProductScene, PRODUCT_SCENES } from '../apps/server/test/fakes/product-scenes.ts';

/** A product's surface: darker at the edges, as a photographed one is (edge, middle). */
const SURFACES: [string, string][] = [
  ['#1d4f6e', '#3b8dbd'],
  ['#2f5229', '#4a7f41'],
  ['#5e1f1a', '#93392f'],
  ['#3a3a3a', '#7a7a7a'],
  ['#3c1f5e', '#6a3d9a'],
  ['#114b4b', '#1f8a8a'],
  ['#7a3b00', '#b8661a'],
];

/** Shapes a supplier photographs, drawn in a 100×100 box (scaled to the product's place). */
const SHAPES = [
  // bottle: cap, neck, body
  '<rect x="38" y="0" width="24" height="12" rx="3" fill="#1b1b1b"/><rect x="40" y="11" width="20" height="12" fill="url(#s)"/><rect x="25" y="22" width="50" height="78" rx="10" fill="url(#s)"/>',
  // box: front and side
  '<rect x="10" y="15" width="65" height="85" fill="url(#s)"/><polygon points="75,15 90,3 90,88 75,100" fill="#1b1b1b" opacity="0.55"/><polygon points="10,15 25,3 90,3 75,15" fill="url(#s)"/>',
  // bag: handle and body
  '<path d="M35 30 C35 0 65 0 65 30" stroke="#2b2b2b" stroke-width="5" fill="none"/><rect x="15" y="28" width="70" height="72" rx="8" fill="url(#s)"/>',
  // mug: body and handle
  '<rect x="15" y="15" width="55" height="80" rx="6" fill="url(#s)"/><path d="M70 35 C95 35 95 75 70 75" stroke="#2b2b2b" stroke-width="8" fill="none"/>',
  // shoe: sole and upper
  '<path d="M5 70 L5 45 C20 40 35 20 50 25 L60 50 C75 55 90 58 95 70 Z" fill="url(#s)"/><rect x="5" y="70" width="90" height="12" rx="4" fill="#2b2b2b"/>',
];

const BACKDROPS: [string, string][] = [
  ['#ffffff', '#eef1f4'],
  ['#f7f3ea', '#e4dccb'],
  ['#f1f5f9', '#d5dee8'],
];

const SELLING_POINTS = [
  '防水透气',
  '加厚保暖',
  '防滑耐磨',
  '正品保障',
  '包邮',
  '新品上市',
  '补水保湿',
  '温和不刺激',
];

const svg = (width: number, height: number, body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`),
  );

/** The product `n` drawn at (left, top), `side` pixels wide and high. */
function product(n: number, left: number, top: number, side: number): string {
  const [edge, middle] = SURFACES[n % SURFACES.length] as [string, string];
  return (
    `<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${edge}"/><stop offset="0.45" stop-color="${middle}"/><stop offset="1" stop-color="${edge}"/></linearGradient></defs>` +
    `<g transform="translate(${left} ${top}) scale(${side / 100})">${SHAPES[n % SHAPES.length]}</g>`
  );
}

function backdrop(n: number): string {
  const [top, bottom] = BACKDROPS[n % BACKDROPS.length] as [string, string];
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`;
}

/**
 * Product `n`'s main photo: 1000×1000, 1200×900 or 900×1200, the product 45–65% of the short side,
 * off centre; every fourth with a Chinese selling point beside it (the main-image step drops it).
 */
export async function mainPhoto(n: number): Promise<Buffer> {
  const [width, height] = (
    [
      [1000, 1000],
      [1200, 900],
      [900, 1200],
    ] as const
  )[n % 3] as [number, number];
  const side = Math.round(Math.min(width, height) * (0.45 + (n % 5) * 0.05));
  const left = Math.round((width - side) * (0.3 + (n % 4) * 0.1));
  const top = Math.round((height - side) * (0.4 + (n % 3) * 0.1));
  const body = backdrop(n) + product(n, left, top, side);
  const texts: Writing[] =
    n % 4 === 3
      ? [
          {
            text: SELLING_POINTS[n % SELLING_POINTS.length] as string,
            left: 30,
            top: 30,
            size: 48,
            color: '#22223b',
          },
        ]
      : [];
  const image = svg(width, height, body);
  return texts.length > 0 ? writeChinese(image, texts) : image.jpeg({ quality: 90 }).toBuffer();
}

/** A selling-point poster: the product small on one side, three selling points on the other. */
function poster(n: number): Promise<Buffer> {
  const side = 800;
  const points = [0, 1, 2].map((i) => SELLING_POINTS[(n + i * 3) % SELLING_POINTS.length] as string);
  const texts: Writing[] = points.map((text, i) => ({
    text,
    left: 60,
    top: 170 + i * 170,
    size: 52,
    color: i === 0 ? '#c1121f' : '#22223b',
  }));
  return writeChinese(svg(side, side, backdrop(n + 1) + product(n, 430, 220, 340)), texts);
}

/**
 * Product `n`'s detail pictures, `count` of them: a poster, then product shots with Chinese around
 * the product and printed on it (kept: the seller's product, not an advert), at 800×800.
 */
export async function detailPictures(n: number, count: number): Promise<Buffer[]> {
  const pictures = [await poster(n)];
  for (let i = 1; i < count; i += 1) {
    const scene = PRODUCT_SCENES[(n + i) % PRODUCT_SCENES.length];
    if (!scene) break;
    pictures.push(
      await sharp(await drawProductScene(scene))
        .resize(800, 800)
        .png()
        .toBuffer(),
    );
  }
  return pictures;
}
