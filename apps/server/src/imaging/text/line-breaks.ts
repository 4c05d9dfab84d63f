/**
 * Thai is written without spaces between words, and the Pango that libvips ships breaks a Thai
 * line nowhere (it has no Thai dictionary): a Thai selling point ran on as one line past its box
 * and was cut at the picture's edge. ICU (in Node) knows Thai words, so a zero-width space goes
 * between each two; Pango breaks a line there and draws nothing for it.
 */
const THAI = /\p{Script=Thai}/u;
const ENDS_THAI = /\p{Script=Thai}$/u;
const ZERO_WIDTH_SPACE = '\u200B';
const words = new Intl.Segmenter('th', { granularity: 'word' });

/** The text with a zero-width space between each two Thai words; other text unchanged. */
export function withThaiWordBreaks(text: string): string {
  if (!THAI.test(text)) return text;
  let out = '';
  let afterThai = false;
  for (const { segment } of words.segment(text)) {
    if (afterThai && THAI.test(segment[0] ?? '')) out += ZERO_WIDTH_SPACE;
    out += segment;
    afterThai = ENDS_THAI.test(segment);
  }
  return out;
}
