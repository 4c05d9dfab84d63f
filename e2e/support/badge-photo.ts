import sharp from 'sharp';
import { writeChinese } from '../../apps/server/test/fakes/chinese-text.ts';

const SHADING =
  '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d4f6e"/>' +
  '<stop offset="0.45" stop-color="#3b8dbd"/><stop offset="1" stop-color="#1d4f6e"/></linearGradient>' +
  '<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1f5f9"/>' +
  '<stop offset="1" stop-color="#d5dee8"/></linearGradient>';

/** A shaded bottle with a black cap, `width`×`height` from its top left corner. */
const bottle = (x: number, y: number, width: number, height: number) =>
  `<rect x="${x + width * 0.23}" y="${y}" width="${width * 0.54}" height="${height * 0.11}" rx="12" fill="#1b1b1b"/>` +
  `<rect x="${x + width * 0.29}" y="${y + height * 0.1}" width="${width * 0.42}" height="${height * 0.13}" fill="url(#glass)"/>` +
  `<rect x="${x}" y="${y + height * 0.2}" width="${width}" height="${height * 0.8}" rx="${width * 0.2}" fill="url(#glass)"/>`;

/** Where the red 「包邮」 disc is in the 1200×1000 photo. */
export const BADGE = { cx: 1020, cy: 180, r: 110 };

/**
 * A supplier's photo of a set (a large bottle and a small one, apart from each other) on a light
 * wall, with a round red 「包邮」 badge the supplier drew on the background away from them. The
 * bundled matting model cuts out all three as separate parts (measured: the badge a solid disc).
 */
export function badgePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1000"><defs>${SHADING}</defs>
<rect width="100%" height="100%" fill="url(#wall)"/>
${bottle(420, 150, 260, 730)}${bottle(200, 520, 130, 360)}
<circle cx="${BADGE.cx}" cy="${BADGE.cy}" r="${BADGE.r}" fill="#e02424"/></svg>`;
  return writeChinese(sharp(Buffer.from(svg)), [
    { text: '包邮', left: BADGE.cx - 62, top: BADGE.cy - 32, size: 60, color: '#ffffff' },
  ]);
}

/** Pixels of `image` that are strongly red (the badge's red, not a shadow or an edge). */
export async function redPixels(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let p = 0; p < info.width * info.height; p += 1) {
    const [r, g, b] = [data[p * 3] as number, data[p * 3 + 1] as number, data[p * 3 + 2] as number];
    if (r > 170 && g < 100 && b < 100) red += 1;
  }
  return red;
}
