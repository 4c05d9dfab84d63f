import { ResultCode } from '@chuhai/contract';
import {
  BlockTooLargeError,
  NoSourceTextError,
  type NothingToTranslate,
} from '../../imaging/text/translate-picture.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * 图片翻译's refusals in the seller's words: the pixel pipeline says what the picture had
 * (imaging/text/picture-errors.ts); this module says it in Chinese, with the code, and with what
 * is charged (nothing: a metered use is given back on any failure, runMetered).
 */

const NOTHING_TO_TRANSLATE: Record<NothingToTranslate, string> = {
  'no-source-text': '图片里没有找到需要翻译的中文文字，本次不扣次数',
  'only-product-text':
    '图片上的中文都印在商品上（品牌、包装、标签），默认保留不翻译，本次不扣次数；如需翻译，请取消勾选「保留商品上的文字」后重试',
  'slanted-text':
    '图片里的中文是斜着排的，目前只能翻译横排和竖排的文字：请先把图片转正（文字水平）再上传，本次不扣次数',
};

/** The image had no Chinese to translate, or only on the product, or slanted: a 400, nothing charged. */
export class NothingToTranslateRefusal extends AppError {
  readonly why: NothingToTranslate;
  constructor(why: NothingToTranslate) {
    super(ResultCode.badRequest, NOTHING_TO_TRANSLATE[why]);
    this.why = why;
  }
}

/** `error` as the seller reads it when it is one of 图片翻译's refusals; any other error as it is. */
export function inSellerWords(error: unknown): unknown {
  if (error instanceof NoSourceTextError) return new NothingToTranslateRefusal(error.why);
  if (error instanceof BlockTooLargeError)
    return new AppError(
      ResultCode.badRequest,
      `文字块 ${error.blockId} 的文字太多，在图片上画不下：请删减文字、调小字号或把它的框拉大`,
    );
  return error;
}

/** Runs `work`, its 图片翻译 refusals thrown in the seller's words. */
export async function sayingRefusals<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw inSellerWords(error);
  }
}
