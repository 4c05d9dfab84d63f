import sharp from 'sharp';
import { writeChinese } from '../../apps/server/test/fakes/chinese-text.ts';
import { drawProductScene, PRODUCT_SCENES } from '../../apps/server/test/fakes/product-scenes.ts';

/**
 * A supplier image the tests draw themselves: Chinese selling points on a light background in a
 * Noto font from npm (the same kind of picture sellers bring from 1688).
 */
export function supplierImage(): Promise<Buffer> {
  return writeChinese(sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } }), [
    { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
    { text: '限时特惠 ¥99', left: 480, top: 420, size: 40, color: '#c1121f' },
  ]);
}

/** A bottle with 山泉水 / 天然矿泉 printed on its label and selling points around it. */
export function productShot(): Promise<Buffer> {
  return drawProductScene(PRODUCT_SCENES[0] as (typeof PRODUCT_SCENES)[number]);
}
