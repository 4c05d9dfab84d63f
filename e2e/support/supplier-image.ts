import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * A supplier image the tests draw themselves: Chinese selling points on a light background in a
 * Noto font from npm (the same kind of picture sellers bring from 1688).
 */
export async function supplierImage(): Promise<Buffer> {
  const font = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');
  const text = async (content: string, size: number, color: string) =>
    sharp({
      text: {
        text: `<span foreground="${color}">${content}</span>`,
        font: `Noto Sans SC Bold ${size}`,
        fontfile: font,
        rgba: true,
        dpi: 72,
      },
    })
      .png()
      .toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } })
    .composite([
      { input: await text('防水透气 3层面料', 48, '#1d3557'), left: 60, top: 80 },
      { input: await text('限时特惠 ¥99', 40, '#c1121f'), left: 480, top: 420 },
    ])
    .png()
    .toBuffer();
}
