/** An image as raw RGB bytes, three per pixel, row by row: what the text steps read and write. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}
