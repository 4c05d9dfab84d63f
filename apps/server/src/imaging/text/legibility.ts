/**
 * Whether the seller's buyers can read what was drawn: the translated words the OCR finds again in
 * the result. 「No Chinese left」 is also met by text too small, too faint or smeared; this is not.
 * Read for the languages written in Latin letters, which the bundled OCR model reads; Japanese,
 * Korean and Thai are not judged (null).
 */
import type { TranslatedBlock } from '@chuhai/contract';

const LATIN_SCRIPT = new Set([
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'vi',
  'id',
  'ms',
  'pt-BR',
  'es-MX',
  'nl',
  'pl',
  'sv',
]);

/** Under this share of its words read back, a block is named as hard to read. */
const CLEAR_SHARE = 0.5;

/** Words of two letters or more, lower case, accents dropped (the OCR reads é as e, or not at all). */
export const wordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[a-z]{2,}/g) ?? [];

export interface Legibility {
  /** Words drawn, and how many of them the OCR read back. */
  words: number;
  read: number;
  /** Blocks with under half of their words read back: too small, too faint, or drawn over clutter. */
  unclear: number[];
}

/**
 * Takes `word` out of the words read: one read as it is, else one the OCR ran together with its
 * neighbour (it reads a space between short words as nothing: 「Lót nỉ giữ ấm mùa đông」, clear at
 * 40 px on alimama's baby-shoe poster, came back as 「L6t ni gic? / ammua / dong」 and was flagged
 * 不易辨认). What is left of the run-together word stays for the next word.
 */
function takeFrom(pool: string[], word: string): boolean {
  const same = pool.indexOf(word);
  if (same >= 0) {
    pool.splice(same, 1);
    return true;
  }
  const within = pool.findIndex((read) => read.length > word.length && read.includes(word));
  if (within < 0) return false;
  const [before, ...after] = (pool[within] as string).split(word);
  pool.splice(within, 1, ...[before ?? '', after.join(word)].filter((part) => part.length >= 2));
  return true;
}

/** The drawn blocks' words against the text read from the result (`readText`: its lines). */
export function legibilityOf(
  readText: string[],
  blocks: TranslatedBlock[],
  target: string,
): Legibility | null {
  if (!LATIN_SCRIPT.has(target)) return null;
  const pool = wordsOf(readText.join(' '));
  let words = 0;
  let read = 0;
  const unclear: number[] = [];
  for (const block of blocks) {
    if (block.hidden) continue;
    const own = wordsOf(block.text);
    let found = 0;
    for (const word of own) if (takeFrom(pool, word)) found += 1;
    words += own.length;
    read += found;
    if (own.length > 0 && found < own.length * CLEAR_SHARE) unclear.push(block.id);
  }
  return { words, read, unclear };
}
