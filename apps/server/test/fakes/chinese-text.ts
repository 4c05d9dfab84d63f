import { createRequire } from 'node:module';
import sharp from 'sharp';

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
          text: `<span foreground="${w.color}">${w.text}</span>`,
          font: `Noto Sans SC${w.bold === false ? '' : ' Bold'} ${w.size}`,
          fontfile: w.bold === false ? REGULAR : BOLD,
          rgba: true,
          dpi: 72,
        },
      })
        .png()
        .toBuffer(),
      left: w.left,
      top: w.top,
    })),
  );
  return base.composite(overlays).png().toBuffer();
}
