/** An image as raw RGB bytes, three per pixel, row by row: what the text steps read and write. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The distance of two RGB colours (0–255 a channel), straight through the cube. */
export const colourDistance = (a: number[], b: number[]) =>
  Math.hypot(
    (a[0] as number) - (b[0] as number),
    (a[1] as number) - (b[1] as number),
    (a[2] as number) - (b[2] as number),
  );
