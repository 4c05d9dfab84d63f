import { createRequire } from 'node:module';
import sharp from 'sharp';
import { outlined } from '../../src/imaging/text/outline.ts';

const require = createRequire(import.meta.url);
const BOLD = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');
const REGULAR = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

/** Chinese text placed on an image, as a supplier's designer would. */
export interface Writing {
  text: string;
  left: number;
  top: number;
  size: number;
  color: string;
  /** Bold unless false. */
  bold?: boolean;
  /** An outline around the letters, as promotion text over a photo often has. */
  outline?: { color: string; width: number };
  /** Set in a column, one character under the other. */
  vertical?: boolean;
  /** A soft glow fading out around the letters (promotion columns on white pages have one). */
  glow?: { color: string; radius: number };
}

/** The letters' glow: their shape blurred out by `radius`, in `color`, with the letters on top. */
async function glowing(png: Buffer, glow: { color: string; radius: number }) {
  const pad = glow.radius * 2;
  const grown = await sharp(png)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const { width, height } = await sharp(grown).metadata();
  // Blurred twice as strong then doubled: a glow as dense as the letters near them, fading out.
  const alpha = await sharp(grown)
    .extractChannel(3)
    .blur(glow.radius / 2)
    .linear(2, 0)
    .toBuffer();
  const halo = await sharp({ create: { width, height, channels: 3, background: glow.color } })
    .joinChannel(alpha)
    .png()
    .toBuffer();
  return {
    png: await sharp(halo)
      .composite([{ input: grown }])
      .png()
      .toBuffer(),
    pad,
  };
}

/**
 * Supplier-style images for the 图片翻译 tests and benchmark: Chinese written on `base` in Noto
 * Sans SC from npm (no image or font is downloaded), as a PNG.
 */
export async function writeChinese(base: sharp.Sharp, writings: Writing[]): Promise<Buffer> {
  const overlays = await Promise.all(
    writings.map(async (w) => ({
      input: await sharp({
        text: {
          text: `<span foreground="${w.color}">${w.vertical ? [...w.text].join('\n') : w.text}</span>`,
          font: `Noto Sans SC${w.bold === false ? '' : ' Bold'} ${w.size}`,
          fontfile: w.bold === false ? REGULAR : BOLD,
          rgba: true,
          dpi: 72,
        },
      })
        .png()
        .toBuffer()
        .then(async (png) => (w.outline ? (await outlined(png, w.outline)).png : png))
        .then(async (png) => (w.glow ? glowing(png, w.glow) : { png, pad: 0 })),
      w,
    })),
  ).then((drawn) =>
    drawn.map(({ input, w }) => ({ input: input.png, left: w.left - input.pad, top: w.top - input.pad })),
  );
  return base.composite(overlays).png().toBuffer();
}
