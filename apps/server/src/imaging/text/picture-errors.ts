/**
 * Why 图片翻译 could not be done, as facts about the picture: no words for the seller, no HTTP
 * code, nothing about billing. The caller (modules/translate) says them in Chinese and decides what
 * is charged; these cross from a pixel worker as data (pixel-refusals.ts).
 */

/** What a picture had instead of Chinese to translate. */
export type NothingToTranslate =
  /** No source-language text at all (or only what is kept as it is). */
  | 'no-source-text'
  /** Every block with Chinese is printed on the product, which is kept. */
  | 'only-product-text'
  /** The text is slanted: it reads only when the picture is turned. */
  | 'slanted-text';

/**
 * The picture had nothing to translate; `why` says what it had. 批量处理 and 一键出海 tell it from
 * a failure: the picture's other outputs are still delivered, this one is not charged.
 */
export class NoSourceTextError extends Error {
  override name = 'NoSourceTextError';
  readonly why: NothingToTranslate;
  constructor(why: NothingToTranslate) {
    super(`nothing to translate: ${why}`);
    this.why = why;
  }
}

/** A block's text does not fit on the picture even at its smallest size. */
export class BlockTooLargeError extends Error {
  override name = 'BlockTooLargeError';
  readonly blockId: number;
  constructor(blockId: number) {
    super(`block ${blockId} is too large to draw`);
    this.blockId = blockId;
  }
}
