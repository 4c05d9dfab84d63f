/**
 * A translation shared out over the original's lines when the translator returned other line
 * breaks: a heading and its selling points stay separate layers, each in its own style.
 */

/**
 * `text` cut into as many lines as `weights` (the original lines' lengths), each taking about its
 * share: at spaces, or between characters for a language written without them. Null when there
 * are fewer words than lines.
 */
export function shareOut(text: string, weights: number[]): string[] | null {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  // Japanese and Thai are written without spaces: cut between characters. A single Latin word is one word.
  const spaced = /\s/.test(flat) || !/[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff]/u.test(flat);
  const words = spaced ? flat.split(/\s+/) : [...flat];
  if (words.length < weights.length) return null;
  const total = weights.reduce((sum, w) => sum + w, 0);
  const length = (ws: string[]) => ws.join(spaced ? ' ' : '').length;
  const out: string[] = [];
  let next = 0;
  let before = 0;
  weights.forEach((weight, i) => {
    const left = weights.length - i - 1;
    before += weight;
    // Take words until this line's end is nearest its share of the whole, leaving one for each line after.
    const goal = (length(words) * before) / total;
    let end = next + 1;
    while (end < words.length - left) {
      const here = Math.abs(length(words.slice(0, end)) - goal);
      if (Math.abs(length(words.slice(0, end + 1)) - goal) >= here) break;
      end += 1;
    }
    if (left === 0) end = words.length;
    out.push(words.slice(next, end).join(spaced ? ' ' : ''));
    next = end;
  });
  return out;
}
