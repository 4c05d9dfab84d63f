/**
 * The bottom of a Tmall bicycle poster (alimama's train-10, 「仅 398」): a dark bar over a light grey
 * page, a white price pill with round ends on the bar. text-pill-split writes the words on it and
 * erases them; text-pill-piece draws the translation on it as the erase left it.
 */
import { flatShapesSvg } from './flat-shapes.ts';

/** The bar's colour. */
export const BAR = [61, 62, 67];
/** The white pill on the bar. */
export const PILL = { x: 330, y: 262, width: 200, height: 68, radius: 16 };

/** The 640 × 480 poster without its words, as SVG. */
export const barAndPillSvg = () =>
  flatShapesSvg(640, 480, '#dcdcdc', [
    { y: 170, height: 166, fill: `rgb(${BAR.join(',')})` },
    { x: PILL.x, y: PILL.y, width: PILL.width, height: PILL.height, rx: PILL.radius, fill: '#ffffff' },
  ]);
