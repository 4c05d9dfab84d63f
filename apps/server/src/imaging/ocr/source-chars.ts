import { simplifiedFormsOf, simplifiedLeft } from '../../lib/chinese-script.ts';

const HAN = /\p{Script=Han}/gu;

/**
 * How many Han characters (CJK ideographs) a text holds. Fullwidth punctuation, kana, digits and
 * Latin letters do not count: a translated image whose text still holds Han characters has source
 * text left in it, and punctuation alone says nothing about that.
 */
export function countSourceChars(text: string): number {
  return text.match(HAN)?.length ?? 0;
}

/** Text as OCR and the seller both mean it: NFKC (OCR reads ¥ as ￥), no spaces (the OCR's guess). */
export function bareText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

/**
 * Scripts the OCR model has no letters for: it reads Thai as Latin look-alikes and, now and then, a
 * tone-marked syllable as one Han character (「สินค้า」 as 「au前」), which counted 19 处残留中文 on a
 * Thai picture with no Chinese left on it.
 */
const UNREAD_SCRIPT = /\p{Script=Thai}/u;
/** A Han character with no Han neighbour: a Chinese word left over is two or more characters. */
const LONE_HAN = /(?<!\p{Script=Han})\p{Script=Han}(?!\p{Script=Han})/gu;

/**
 * Han characters left once the words the seller keeps are taken out: a brand kept in Chinese on
 * purpose is not source text left over. A translation into Traditional Chinese (`target` zh-TW) is
 * Han itself: there only Simplified characters are left over (chinese-script.ts); the caller counts
 * text it knows is not the translation (read where nothing was drawn) without a target. `drawn` is
 * the Traditional translation drawn where `text` was read: the OCR model reads many Traditional
 * characters as their Simplified forms (僅 as 仅), and those are the translation, not the source.
 * Where Thai was drawn, a lone Han character read there is a misread Thai syllable; a single
 * character left by the erase (a half-erased 元) is still counted by its strokes (strokes-left.ts).
 */
export function countLeftover(text: string, keep: readonly string[], target = '', drawn = ''): number {
  let rest = bareText(text);
  for (const word of [...keep].map(bareText).sort((a, b) => b.length - a.length))
    if (word) rest = rest.replaceAll(word, '');
  if (UNREAD_SCRIPT.test(drawn)) return countSourceChars(rest.replace(LONE_HAN, ''));
  if (target !== 'zh-TW') return countSourceChars(rest);
  const readAsDrawn = simplifiedFormsOf(drawn);
  return simplifiedLeft([...rest].filter((c) => !readAsDrawn.has(c)).join(''));
}
