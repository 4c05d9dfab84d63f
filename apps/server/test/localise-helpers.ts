import assert from 'node:assert/strict';
import { postForm, productPhoto } from './studio-helpers.ts';

/** 一键出海's tests: a product as the listing form gives it, and its photo. */

/** 保温杯 by Chuhai, the listing form's facts. */
export const CUP_FACTS = {
  productName: '保温杯',
  brand: 'Chuhai',
  material: '304 不锈钢',
  size: '750 ml',
  sellingPoints: '保冷 24 小时',
  keywords: '保温杯',
  inTheBox: '水杯 1 个',
};

/** A dark product in the middle of a plain backdrop, as a seller photographs it. */
export const cupPhoto = (colour = '#331111') =>
  productPhoto({
    width: 800,
    height: 600,
    box: { left: 200, top: 150, width: 400, height: 300 },
    product: colour,
  });

/** `POST /api/v1/localise/photos`: the photo's id. */
export async function uploadLocalisePhoto(
  app: Parameters<typeof postForm>[0],
  token: string,
  bytes: Buffer,
): Promise<number> {
  const res = await postForm(app, '/api/v1/localise/photos', token, {}, [
    { field: 'file', name: 'p.png', bytes },
  ]);
  assert.equal(res.json().code, 200, res.body);
  return res.json().data.id;
}
