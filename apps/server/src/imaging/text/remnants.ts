/**
 * What an erased line leaves on a flat page: the last of a glow that faded below what the haze
 * sweep follows (haze.ts), inpainted from that faint tint into streaks across the column. On
 * chineseocr_lite's lite-5 the green column with a soft glow came back as pale green bands on the
 * white page, up to 45 levels off white. Where the page around the line is one colour, whatever
 * is left inside that is enclosed by the page and was (partly) erased is painted the page's colour.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/** A ring pixel this close to the ring's median colour is the page (RGB distance). */
const PAGE_TOLERANCE = 10;
/**
 * Share of the ring that must be the page. At 0.6 the half-erased pills of a busy promotion card
 * (RapidOCR's ch_en_num) went whole: cleaner, but the pills were the design, so only nearly all.
 */
const PAGE_SHARE = 0.95;
/**
 * With a less even ring (a logo just above a heading: lite-5's 「DR PLANT」 over 「植物医生官方唯一授权」),
 * only faint patches are cleared: the heading's characters came back as grey ghosts up to 17 levels
 * off white. A pill or an icon is far more than GHOST off the page and stays.
 */
const FAINT_PAGE_SHARE = 0.75;
const GHOST = 30;
/**
 * A pixel this close to the page is the page: a glow inpainted on white came back 4 levels off it,
 * faint but seen as a pale square behind each character; JPEG noise on a white page stays under 3.
 */
const FADED = 3;

const distance = (data: Uint8Array | Buffer, i: number, colour: number[]) =>
  Math.hypot(
    (data[i * 3] as number) - (colour[0] as number),
    (data[i * 3 + 1] as number) - (colour[1] as number),
    (data[i * 3 + 2] as number) - (colour[2] as number),
  );

function medianColour(data: Uint8Array | Buffer, pixels: number[]): number[] {
  return [0, 1, 2].map((c) => {
    const values = pixels.map((i) => data[i * 3 + c] as number).sort((a, b) => a - b);
    return values[values.length >> 1] as number;
  });
}

/**
 * In `box` (a line's box grown past its glow) on the erased `image`: when the box's edge is one
 * flat colour (nearly all of it; or most of it, and then only faint patches), each patch off that colour that does not reach the edge and holds an erased pixel
 * (`erased`, 255) is set to the page's colour. A patch that reaches the edge (a product beside
 * the text) or was never erased (a dot, an icon) stays.
 */
export function clearRemnants(image: RgbImage, box: TextBox, erased: Uint8Array): void {
  const { width, data } = image;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  const ring: number[] = [];
  for (let x = box.x; x < x1; x++) ring.push(box.y * width + x, (y1 - 1) * width + x);
  for (let y = box.y + 1; y < y1 - 1; y++) ring.push(y * width + box.x, y * width + x1 - 1);
  if (ring.length < 8) return;
  const page = medianColour(data, ring);
  const share = ring.filter((i) => distance(data, i, page) <= PAGE_TOLERANCE).length / ring.length;
  if (share < FAINT_PAGE_SHARE) return;
  const onlyFaint = share < PAGE_SHARE;
  const seen = new Uint8Array(box.width * box.height);
  const local = (i: number) => {
    const x = i % width;
    return ((i - x) / width - box.y) * box.width + x - box.x;
  };
  for (let y = box.y; y < y1; y++)
    for (let x = box.x; x < x1; x++) {
      const start = y * width + x;
      if (seen[local(start)] || distance(data, start, page) <= FADED) continue;
      const patch = [start];
      seen[local(start)] = 1;
      let touchesEdge = false;
      let wasErased = false;
      let strong = false;
      for (let head = 0; head < patch.length; head++) {
        const i = patch[head] as number;
        const px = i % width;
        const py = (i - px) / width;
        if (px === box.x || px === x1 - 1 || py === box.y || py === y1 - 1) touchesEdge = true;
        if (erased[i] === 255) wasErased = true;
        if (distance(data, i, page) > GHOST) strong = true;
        for (const [nx, ny] of [
          [px - 1, py],
          [px + 1, py],
          [px, py - 1],
          [px, py + 1],
        ] as const) {
          if (nx < box.x || nx >= x1 || ny < box.y || ny >= y1) continue;
          const n = ny * width + nx;
          if (seen[local(n)] || distance(data, n, page) <= FADED) continue;
          seen[local(n)] = 1;
          patch.push(n);
        }
      }
      if (touchesEdge || !wasErased || (onlyFaint && strong)) continue;
      for (const i of patch) data.set(page, i * 3);
    }
}
