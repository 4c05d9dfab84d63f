import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';

/**
 * Product images with text drawn in known places, made with sharp's text rendering (Pango) and the
 * Noto Sans SC fonts from `@expo-google-fonts/noto-sans-sc`: the OCR tests and `bench/ocr.ts` read
 * them back and compare.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

/** `transparent`: a PNG with nothing but the text opaque, as a cut-out or a text overlay. */
export type Background = 'flat' | 'gradient' | 'noise' | 'transparent';

/**
 * Text to draw, one line per '\n', lines `lineHeight` × `size` apart and aligned to each other by
 * `align`; `badge` puts it in white on a red rounded label.
 */
export interface TextSpec {
  text: string;
  left: number;
  top: number;
  /** Font size in pixels. */
  size: number;
  bold?: boolean;
  color?: string;
  badge?: boolean;
  lineHeight?: number;
  align?: 'left' | 'center' | 'right';
}

/** Where a line of text ended up: the box around its ink (a badge's label is not included). */
export interface PlacedText {
  text: string;
  box: TextBox;
  /** Which of the scene's `TextSpec`s it came from. */
  spec: number;
}

export interface Scene {
  image: Buffer;
  width: number;
  height: number;
  /** One per line drawn. */
  placed: PlacedText[];
}

/** One line of text as an RGBA image cropped to its ink. */
async function renderLine(
  text: string,
  spec: TextSpec,
): Promise<{ png: Buffer; width: number; height: number }> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const color = spec.color ?? (spec.badge ? '#ffffff' : '#222222');
  const rendered = await sharp({
    text: {
      text: `<span foreground="${color}">${escaped}</span>`,
      fontfile: spec.bold ? FONTS.bold : FONTS.regular,
      font: `Noto Sans SC${spec.bold ? ' Bold' : ''} ${spec.size}`,
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer();
  // Pango's box has room above and below the ink; the place OCR should find is the ink.
  const { data, info } = await sharp(rendered)
    .trim({ threshold: 0 })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

function backgroundSvg(kind: Exclude<Background, 'transparent'>, width: number, height: number): string {
  const fill =
    kind === 'flat'
      ? '<rect width="100%" height="100%" fill="#f4efe6"/>'
      : kind === 'gradient'
        ? `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdf6e3"/><stop offset="0.5" stop-color="#d9e8f5"/><stop offset="1" stop-color="#b7c9a8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`
        : `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.04" numOctaves="4" seed="7"/><feColorMatrix type="saturate" values="0.3"/></filter><rect width="100%" height="100%" fill="#d8d2c4"/><rect width="100%" height="100%" filter="url(#n)" opacity="0.45"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}</svg>`;
}

/** Draws `texts` on a background of `width`×`height` and says where each went. */
export async function makeScene(
  width: number,
  height: number,
  background: Background,
  texts: readonly TextSpec[],
  format: 'png' | 'jpeg' = 'png',
): Promise<Scene> {
  const layers: sharp.OverlayOptions[] = [];
  const placed: PlacedText[] = [];
  for (const [index, spec] of texts.entries()) {
    const lines = await Promise.all(spec.text.split('\n').map((line) => renderLine(line, spec)));
    const widest = Math.max(...lines.map((line) => line.width));
    const pitch = Math.round(spec.size * (spec.lineHeight ?? 1.5));
    const boxes = lines.map((line, i) => {
      const shift =
        spec.align === 'center'
          ? (widest - line.width) / 2
          : spec.align === 'right'
            ? widest - line.width
            : 0;
      return {
        x: spec.left + Math.round(shift),
        y: spec.top + i * pitch,
        width: line.width,
        height: line.height,
      };
    });
    if (spec.badge) {
      const pad = Math.round(spec.size * 0.45);
      const bottom = Math.max(...boxes.map((box) => box.y + box.height));
      const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${widest + 2 * pad}" height="${bottom - spec.top + 2 * pad}"><rect width="100%" height="100%" rx="${pad}" fill="#d9302c"/></svg>`;
      layers.push({ input: Buffer.from(label), left: spec.left - pad, top: spec.top - pad });
    }
    lines.forEach((line, i) => {
      const box = boxes[i] as TextBox;
      layers.push({ input: line.png, left: box.x, top: box.y });
      placed.push({ text: spec.text.split('\n')[i] as string, box, spec: index });
    });
  }
  const base =
    background === 'transparent'
      ? sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      : sharp(Buffer.from(backgroundSvg(background, width, height)));
  const canvas = base.composite(layers);
  const image = await (format === 'jpeg' ? canvas.jpeg({ quality: 88 }) : canvas.png()).toBuffer();
  return { image, width, height, placed };
}

/** Intersection over union of two boxes. */
export function iou(a: TextBox, b: TextBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Levenshtein distance, by code point. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= t.length; j += 1)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[t.length] as number;
}
