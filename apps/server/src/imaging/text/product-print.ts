/**
 * Which text blocks of a picture are the product's own print, kept as they are by 图片翻译 (the
 * seller may ask otherwise). Three rules on top of where a block lies (product-text.ts):
 * - a badge over the product (a 「包邮」 disc) is the advert's, not the product's (badge.ts);
 * - a shop's mark (a shop name, a taobao.com address) is never the product's, wherever it lies: it is
 *   another seller's watermark across the photo, to be erased, not kept or translated;
 * - one decision per card: the lines on one tag, card or sticker (a 合格证 hang tag whose top lies on
 *   the garment and whose bottom hangs past it) are kept or translated together, as the larger
 *   share of their text decides; a tie is translated;
 * - one decision per print: the same words at the same size as a block kept on the product, on a
 *   photo of several of it (a row of bottles), are kept too where they touch the product.
 */
import { bareText, type TextBlock, type TextBox } from '../ocr/index.ts';
import { shapeAround, sitsOnBadge } from './badge.ts';
import { isPosterBanner } from './poster-banner.ts';
import {
  blockLetters,
  isDesigned,
  isOnProduct,
  type ProductArea,
  productPixels,
  productShare,
} from './product-text.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * A shop's name or address: a web address, a marketplace's name, a shop's kind (旗舰店, 专营店) or
 * 「店铺」. A product's own print names its brand and contents, not where it is sold.
 */
const SHOP_MARK =
  /(?:www\.|\.(?:com|cn|net|top|shop|store|vip)\b|taobao|tmall|1688\.com|jd\.com|pinduoduo|淘宝|天猫|拼多多|京东|抖音|快手|小红书|微店|旗舰店|专营店|专卖店|店铺|网店|\bshop\b|\bstore\b|@)/iu;

/**
 * A marketplace's own sale (全民淘宝节, 天猫双11, 京东618, 天猫年货节): the advert's promotion, printed in
 * its logo box, not another seller's mark. Taken out before SHOP_MARK is asked, so a shop's name
 * beside it (天猫旗舰店双11) still makes a mark.
 */
const MARKETPLACE_SALE =
  /(?:淘宝|天猫|京东|拼多多|抖音|快手)[^店\s]{0,2}?(?:节|双11|双十一|双12|双十二|618|年货|大促|狂欢)/gu;

export const isShopMark = (text: string) =>
  SHOP_MARK.test(text.replace(/\s+/g, '').replace(MARKETPLACE_SALE, ''));

/** How far past one line a card is looked for, in line heights (a hang tag is a few lines tall). */
const CARD_REACH_LINES = 6;
/** Two blocks are on one card when their cards' boxes overlap this much (intersection over union). */
const SAME_CARD = 0.8;

/** The card a block is printed on: a closed, flat-printed shape around it; null on a photo. */
function cardUnder(image: RgbImage, block: TextBlock): TextBox | null {
  const reach = Math.round(Math.max(block.box.height * 1.5, block.lineHeight * CARD_REACH_LINES));
  const shape = shapeAround(image, block.box, reach);
  if (!shape.closed || !isDesigned(image.data, shape.surface, image.width)) return null;
  return shape.box;
}

function overlap(a: TextBox, b: TextBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const both = width * height;
  return both / (a.width * a.height + b.width * b.height - both);
}

const area = (box: TextBox) => box.width * box.height;

/**
 * A repeat of kept print is kept when this share of its box (with the margin) lies on the product:
 * it touches the product. A poster's letters the matting took for the product keep 13–24%.
 */
const REPEAT_ON_SHARE = 0.5;
/**
 * Two readings are one print when this share of their characters agree place by place, at least
 * two: the OCR read one bottle's ribbon 「浙台镇传统生藏」 and the next one's 「苏台镇传统佳政」.
 */
const SAME_READING = 0.5;
/** …and the larger letters are at most this much larger. */
const SAME_SIZE = 1.25;

function samePrint(a: TextBlock, b: TextBlock): boolean {
  const one = [...bareText(a.text)];
  const other = [...bareText(b.text)];
  const agree = one.filter((character, i) => other[i] === character).length;
  const sizes = [blockLetters(a), blockLetters(b)].sort((x, y) => x - y) as [number, number];
  return (
    agree >= 2 &&
    agree >= SAME_READING * Math.max(one.length, other.length) &&
    sizes[1] <= SAME_SIZE * sizes[0]
  );
}

/**
 * The blocks printed on the product, among `blocks` (those with text to translate), given where
 * the product is (null: no product found, nothing is kept).
 */
export function productPrint(
  image: RgbImage,
  blocks: readonly TextBlock[],
  product: ProductArea | null,
): Set<TextBlock> {
  if (!product) return new Set();
  const badgeAtMost = productPixels(product) / 4;
  const onProduct = new Set(
    blocks.filter(
      (block) =>
        !isShopMark(block.text) &&
        isOnProduct(block, product) &&
        !sitsOnBadge(image, block.box, badgeAtMost) &&
        !isPosterBanner(image, block, product),
    ),
  );
  // The same print on the next bottle lies where the box test fails: a ribbon at the picture's edge,
  // or slanted, its box wider than itself and reaching past the bottle's outline.
  const kept = [...onProduct];
  for (const block of blocks)
    if (
      !onProduct.has(block) &&
      !isShopMark(block.text) &&
      kept.some((other) => samePrint(block, other)) &&
      productShare(block, product) >= REPEAT_ON_SHARE &&
      !sitsOnBadge(image, block.box, badgeAtMost)
    )
      onProduct.add(block);
  const cards = blocks
    .filter((block) => !isShopMark(block.text))
    .map((block) => ({ block, card: cardUnder(image, block) }))
    .filter((entry): entry is { block: TextBlock; card: TextBox } => entry.card !== null);
  const decided = new Set<TextBlock>();
  for (const { card } of cards) {
    const together = cards.filter(
      (other) => !decided.has(other.block) && overlap(other.card, card) >= SAME_CARD,
    );
    if (together.length < 2) continue;
    let kept = 0;
    let translated = 0;
    for (const { block } of together) {
      decided.add(block);
      if (onProduct.has(block)) kept += area(block.box);
      else translated += area(block.box);
    }
    for (const { block } of together)
      if (kept > translated) onProduct.add(block);
      else onProduct.delete(block);
  }
  return onProduct;
}
