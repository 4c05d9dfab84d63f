/**
 * A brand's logo lock-up: its name in Latin capitals stacked on a short Chinese name in one mark
 * (「KING KOIL」 over 「金可儿床垫」 in a black square, 「PHOENIX」 under a stylised 「凤凰」, 「TMALL天猫」
 * over Tmall's 「狂暑季」 mark). The OCR reads the Chinese as a line like any other, and 图片翻译 used
 * to erase it and write a plain-type word over the logo: no seller wants their logo rewritten. Both
 * lines of a lock-up are kept as they are, as a word of the seller's glossary is. Told from the words
 * and their boxes alone: the rule and what it keeps on the bench's real posters are in
 * docs/decisions.md (「品牌 logo 里的中文不翻译」).
 */
import { bareText, countSourceChars, type TextBlock, type TextBox, type TextLine } from '../ocr/index.ts';

/** A logo's Chinese name is short: 凤凰, 狂暑季, 金可儿床垫. A selling line says more. */
const NAME_AT_MOST = 5;
/** The Latin name: at least this many letters, this share of them capitals (mACHENIKE is 6 of 7). */
const LATIN_AT_LEAST = 3;
const CAPITALS_SHARE = 0.6;
/** …with at most this many Chinese characters beside them (「TMALL天猫」). */
const LATIN_HAN_AT_MOST = 2;
/** The two lines lie one over the other: the narrower overlaps the other's columns this much. */
const COLUMNS_SHARED = 0.5;
/** …at most this share of the Chinese letters' height apart. */
const GAP_AT_MOST = 0.5;
/** …and of a lock-up's width: the Latin name at least this share of the Chinese one's width. */
const WIDTH_SHARE = 0.5;

function isLatinName(line: TextLine): boolean {
  const text = bareText(line.text);
  const latin = text.match(/[A-Za-z]/g) ?? [];
  const capitals = latin.filter((letter) => letter >= 'A' && letter <= 'Z').length;
  return (
    latin.length >= LATIN_AT_LEAST &&
    capitals >= CAPITALS_SHARE * latin.length &&
    countSourceChars(text) <= LATIN_HAN_AT_MOST
  );
}

/** Only Chinese characters, a few of them: a name, not a slogan, a price or a size. */
function isChineseName(line: TextLine): boolean {
  const text = bareText(line.text);
  const han = countSourceChars(text);
  return han >= 1 && han <= NAME_AT_MOST && han === [...text].length;
}

/** Whether `a` (the Latin name) is stacked on `b` (the Chinese) as a lock-up: over or under it, smaller, about as wide. */
function stacked(a: TextBox, b: TextBox): boolean {
  const shared = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const gap = Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height);
  return (
    shared >= COLUMNS_SHARED * Math.min(a.width, b.width) &&
    gap <= GAP_AT_MOST * b.height &&
    a.height < b.height &&
    a.width >= WIDTH_SHARE * b.width
  );
}

/**
 * The lines of `blocks` that could be a logo's Chinese name but have no Latin name read over or
 * under them: where logo-letters.ts looks in the pixels for one in spaced-out capitals.
 */
export function namesWithoutLatin(blocks: readonly TextBlock[]): TextLine[] {
  const lines = blocks.flatMap((block) => block.lines);
  const latinNames = lines.filter(isLatinName);
  return lines.filter(
    (line) =>
      isChineseName(line) && !latinNames.some((latin) => latin !== line && stacked(latin.box, line.box)),
  );
}

/**
 * The blocks of `blocks` that belong to a brand's logo lock-up, judged line by line (the OCR may
 * join the two names in one block, or not): a block is kept when one of its lines is half of a
 * lock-up and every other line of it is one too or has no Chinese (「KING」 over 「KOIL」).
 * `spacedNames` are Latin names the OCR did not read, found in the pixels (logo-letters.ts).
 */
export function logoLockups(
  blocks: readonly TextBlock[],
  spacedNames: readonly TextBox[] = [],
): Set<TextBlock> {
  const lines = blocks.flatMap((block) => block.lines);
  const latinNames = lines.filter(isLatinName);
  const paired = new Set<TextLine>();
  for (const chinese of lines.filter(isChineseName)) {
    for (const latin of latinNames)
      if (latin !== chinese && stacked(latin.box, chinese.box)) {
        paired.add(chinese);
        paired.add(latin);
      }
    if (spacedNames.some((box) => stacked(box, chinese.box))) paired.add(chinese);
  }
  return new Set(
    blocks.filter(
      (block) =>
        block.lines.some((line) => paired.has(line)) &&
        block.lines.every((line) => paired.has(line) || countSourceChars(line.text) === 0),
    ),
  );
}
