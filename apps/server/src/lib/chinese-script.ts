import { toMainland, toTaiwan } from './dictionaries/thread.ts';

/**
 * Simplified or Traditional Chinese, told by OpenCC's dictionaries (opencc-js), not a table of our
 * own. Converting Simplified to Taiwan Traditional (`cn` → `tw`, characters and their variants, no
 * change of words) changes a Simplified character and leaves a Traditional one; converting back
 * (`tw` → `cn`) changes a Traditional-only character. A character neither changes (中文, 大容量)
 * is written the same in both scripts and says nothing.
 *
 * A few characters are both Simplified and customary in Taiwan (台 of 台灣, 裏): `cn` → `tw`
 * changes them. So a text is judged as a whole, by which kind of character is more: a Traditional
 * line with 台 in it is Traditional; a line of only such characters (台湾) is Simplified.
 */
// The converters are asked in the dictionary thread (dictionaries/thread.ts): their tries are too
// big a heap for the server's thread.

export interface ChineseScript {
  /** Characters `cn` → `tw` changes: Simplified (or a variant Taiwan also writes). */
  simplified: number;
  /** Characters `tw` → `cn` changes: Traditional only. */
  traditional: number;
  /** Han characters written the same in both scripts. */
  shared: number;
  /** Which the text reads as; `either` when every character is shared (中文) or there is none. */
  script: 'simplified' | 'traditional' | 'either';
}

const HAN = /\p{Script=Han}/u;

/** Characters of `text` that `convert` changes, position by position (both converters keep length). */
function changed(text: string, convert: (text: string) => string): boolean[] {
  const before = [...text];
  const after = [...convert(text)];
  // Phrase-aware conversion keeps a text's length; should it not, each character is asked alone.
  if (after.length !== before.length) return before.map((c) => convert(c) !== c);
  return before.map((c, i) => after[i] !== c);
}

/** How a text's Han characters split between the scripts, and which it reads as. */
export function chineseScript(text: string): ChineseScript {
  // Only Han characters are counted: text without any (a Latin listing) need not ask the converters.
  if (!HAN.test(text)) return { simplified: 0, traditional: 0, shared: 0, script: 'either' };
  const chars = [...text];
  const toTw = changed(text, toTaiwan);
  const toCn = changed(text, toMainland);
  let simplified = 0;
  let traditional = 0;
  let shared = 0;
  chars.forEach((c, i) => {
    if (!HAN.test(c)) return;
    if (toCn[i]) traditional += 1;
    else if (toTw[i]) simplified += 1;
    else shared += 1;
  });
  const script = simplified > traditional ? 'simplified' : traditional > 0 ? 'traditional' : 'either';
  return { simplified, traditional, shared, script };
}

/**
 * The Simplified characters a text has left for a reader of Traditional Chinese: every Simplified
 * character of a text that reads as Simplified, none of one that reads as Traditional (its 台 is
 * Taiwan's own). Characters shared by both scripts are not counted: they cannot be told by script.
 */
export function simplifiedLeft(text: string): number {
  const found = chineseScript(text);
  return found.script === 'simplified' ? found.simplified : 0;
}

/**
 * The Simplified forms of the Traditional-only characters of `text`: what an OCR model trained on
 * Simplified text reads where that text is drawn. PaddleOCR's model read 「5.4米僅69克」 drawn on
 * alimama's fishing-rod poster as 「5.4米仅69克」 and 「冬季加絨」 as 「冬季加绒」.
 */
export function simplifiedFormsOf(text: string): Set<string> {
  const chars = [...text];
  const toCn = changed(text, toMainland);
  const mainland = [...toMainland(text)];
  const same = mainland.length === chars.length;
  const forms = new Set<string>();
  chars.forEach((c, i) => {
    if (toCn[i]) forms.add(same ? (mainland[i] as string) : toMainland(c));
  });
  return forms;
}

/**
 * Runs of Chinese characters that read as Simplified (for a message: 「含有简体字…」). In a text that
 * reads as Traditional, a run needs two Simplified characters: one alone is most often Taiwan's own
 * 台 (台北), which OpenCC writes 臺.
 */
export function simplifiedRuns(text: string): string[] {
  const least = chineseScript(text).script === 'traditional' ? 2 : 1;
  return (text.match(/\p{Script=Han}+/gu) ?? []).filter((run) => simplifiedLeft(run) >= least);
}
