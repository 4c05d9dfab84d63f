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
        .then(async (png) => (w.outline ? (await outlined(png, w.outline)).png : png)),
      left: w.left,
      top: w.top,
    })),
  );
  return base.composite(overlays).png().toBuffer();
}
