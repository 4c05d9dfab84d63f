import type { Pixels } from './pixels.ts';

/**
 * A row counts as empty when its contrast is under this share of the crop's strong rows (90th
 * percentile), as for the columns in spaces.ts.
 */
const EMPTY_ROW = 0.3;
/**
 * Ink pieces are gathered into one character while the character stays at most this much taller
 * than the column is wide: CJK characters are square, and "三" or "川" come as several pieces.
 */
const CHARACTER_ASPECT = 1.2;
/** White put between the characters laid side by side, as a share of the column's width. */
const SPACING = 0.1;

/** The pixels of `image` inside a rectangle (which must lie inside it). */
export function cutOut(image: Pixels, left: number, top: number, width: number, height: number): Pixels {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 3;
    image.data.copy(data, y * width * 3, from, from + width * 3);
  }
  return { data, width, height };
}

/**
 * A vertical line of CJK text (one character under another) laid out as a horizontal one, each
 * character still upright, so the recogniser, which reads left to right, can read it. Characters
 * are found by the empty rows between them.
 */
export function columnToRow(column: Pixels): Pixels {
  const { data, width, height } = column;
  const contrast: number[] = [];
  const luminance = (i: number) =>
    ((data[i] as number) * 299 + (data[i + 1] as number) * 587 + (data[i + 2] as number) * 114) / 1000;
  for (let y = 0; y < height; y += 1) {
    let low = 255;
    let high = 0;
    for (let x = 0; x < width; x += 1) {
      const l = luminance((y * width + x) * 3);
      if (l < low) low = l;
      if (l > high) high = l;
    }
    contrast.push(high - low);
  }
  const sorted = [...contrast].sort((a, b) => a - b);
  const empty = (sorted[Math.floor(sorted.length * 0.9)] ?? 0) * EMPTY_ROW;
  // Runs of rows with ink, then runs gathered into characters.
  const pieces: [number, number][] = [];
  for (let y = 0; y < height; y += 1) {
    if ((contrast[y] as number) < empty) continue;
    const last = pieces.at(-1);
    if (last && last[1] === y) last[1] = y + 1;
    else pieces.push([y, y + 1]);
  }
  const characters: [number, number][] = [];
  for (const piece of pieces) {
    const current = characters.at(-1);
    if (current && piece[1] - current[0] <= CHARACTER_ASPECT * width) current[1] = piece[1];
    else characters.push([piece[0], piece[1]]);
  }
  if (characters.length === 0) return column;
  // The background: the calmest row's colour.
  const calm = contrast.indexOf(Math.min(...contrast));
  const background = data.subarray(calm * width * 3, calm * width * 3 + 3);
  const tallest = Math.max(...characters.map(([from, to]) => to - from));
  const margin = Math.round(width * SPACING);
  const rowHeight = tallest + 2 * margin;
  const rowWidth = characters.length * (width + margin) + margin;
  const row = Buffer.alloc(rowWidth * rowHeight * 3);
  for (let p = 0; p < rowWidth * rowHeight; p += 1) background.copy(row, p * 3);
  characters.forEach(([from, to], n) => {
    const left = margin + n * (width + margin);
    const top = margin + Math.floor((tallest - (to - from)) / 2);
    for (let y = from; y < to; y += 1)
      data.copy(row, ((top + y - from) * rowWidth + left) * 3, y * width * 3, (y + 1) * width * 3);
  });
  return { data: row, width: rowWidth, height: rowHeight };
}
