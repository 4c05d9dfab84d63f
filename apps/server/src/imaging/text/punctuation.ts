/**
 * Full-width punctuation in a translation into a language set with half-width marks. The model
 * often carries the original's marks over (「降价了！！」 → "Price cut！！"); each full-width mark
 * then takes a whole em of its own (valid-2's headline read "gift design ！ ！"), and the editor,
 * whose browser measures them wider than Pango, wrapped the line past its box. A designer setting
 * English types "!!".
 */

/** Targets written in characters that fill the em square, whose punctuation is full-width too. */
export const FULL_WIDTH_TARGETS = new Set(['zh-TW', 'ja', 'ko']);

/** CJK marks outside the full-width ASCII block, and their half-width forms. */
const CJK_MARKS: Record<string, string> = {
  '\u3000': ' ',
  '、': ',',
  '。': '.',
  '「': '"',
  '」': '"',
  '『': '"',
  '』': '"',
  '【': '[',
  '】': ']',
  '《': '"',
  '》': '"',
};

/** `text` with full-width punctuation and spaces made half-width, for a target that writes them so. */
export function halfWidthPunctuation(text: string, target: string): string {
  if (FULL_WIDTH_TARGETS.has(target)) return text;
  return text.replace(
    /[\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF5E\u3000、。「」『』【】《》]/g,
    (mark) =>
      mark in CJK_MARKS
        ? (CJK_MARKS[mark] as string)
        : String.fromCharCode((mark.codePointAt(0) as number) - 0xfee0),
  );
}
