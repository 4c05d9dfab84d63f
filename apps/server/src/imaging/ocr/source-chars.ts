const HAN = /\p{Script=Han}/gu;

/**
 * How many Han characters (CJK ideographs) a text holds. Fullwidth punctuation, kana, digits and
 * Latin letters do not count: a translated image whose text still holds Han characters has source
 * text left in it, and punctuation alone says nothing about that.
 */
export function countSourceChars(text: string): number {
  return text.match(HAN)?.length ?? 0;
}
