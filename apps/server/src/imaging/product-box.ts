/** Where the product is in an alpha mask (one byte per pixel). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The smallest box holding every mask pixel at or above `threshold`, or null when there is none.
 * A low threshold keeps soft edges (hair, glass) inside a crop; 128 gives the product's visible size.
 */
export function productBox(mask: Uint8Array, width: number, height: number, threshold = 128): Box | null {
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if ((mask[row + x] as number) >= threshold) {
        if (first === -1) first = x;
        last = x;
      }
    }
    if (first === -1) continue;
    if (top === -1) top = y;
    bottom = y;
    if (first < left) left = first;
    if (last > right) right = last;
  }
  if (top === -1) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
