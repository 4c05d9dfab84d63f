/**
 * The flat posters 图片翻译's layout tests draw their words on: a page of one colour with panels,
 * bars, pills and logo boxes on it, each a plain or rounded rectangle. Each test names its own
 * shapes (the boxes it asserts against); this only turns them into a picture.
 */
import sharp from 'sharp';

/** A rectangle on the page: the whole page where a side or corner is left out, rounded by `rx`. */
export interface FlatShape {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  rx?: number;
  fill: string;
}

/** A `width` × `height` page in `page`'s colour with `shapes` painted on it in order, as SVG. */
export function flatShapesSvg(width: number, height: number, page: string, shapes: FlatShape[]): Buffer {
  const rects = shapes.map(
    ({ x = 0, y = 0, width: w = width, height: h = height, rx, fill }) =>
      `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx === undefined ? '' : ` rx="${rx}"`} fill="${fill}"/>`,
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="${width}" height="${height}" fill="${page}"/>
      ${rects.join('\n      ')}
    </svg>`,
  );
}

/** The same page as a PNG. */
export const flatShapesPng = (width: number, height: number, page: string, shapes: FlatShape[]) =>
  sharp(flatShapesSvg(width, height, page, shapes))
    .png()
    .toBuffer();
