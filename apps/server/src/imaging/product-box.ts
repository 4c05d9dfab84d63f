import { alphaBox, type PixelBox } from '@chuhai/contract';

/** Where the product is in an alpha mask (one byte per pixel). */
export type Box = PixelBox;

/**
 * The smallest box holding every mask pixel at or above `threshold`, or null when there is none.
 * A low threshold keeps soft edges (hair, glass) inside a crop; 128 gives the product's visible size.
 * The same measure as the page's 换背景 preview (contract's `alphaBox`).
 */
export function productBox(mask: Uint8Array, width: number, height: number, threshold = 128): Box | null {
  return alphaBox({ data: mask, width, height }, threshold);
}
