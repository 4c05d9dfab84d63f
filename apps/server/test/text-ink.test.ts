/**
 * The ink read from a line's pixels (imaging/text/ink.ts): on thin strokes the anti-aliased edge
 * outnumbers the ink itself, and the colour drawn back must still be the ink, not a pale blend.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { grow } from '../src/imaging/text/erase.ts';
import { colourDistance, readInk } from '../src/imaging/text/ink.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';

const PURPLE = [118, 31, 221];
const WHITE = [255, 255, 255];

describe('the ink of a line', () => {
  it('is the strokes’ colour on thin small digits, not the blend of their edges with the page', async () => {
    // Like the 「10.0起」 prices on RapidOCR's ch_en_num.jpg: thin purple digits 14 px tall on white,
    // saved as a JPEG (whose colour subsampling widens the blended edge). The edge's pale lilac
    // was taken for the ink and the price drawn back at a third of its contrast.
    const png = await writeChinese(
      sharp({ create: { width: 160, height: 60, channels: 3, background: '#ffffff' } }),
      [{ text: '10.0起', left: 10, top: 14, size: 14, color: '#761fdd', bold: false }],
    );
    const jpeg = await sharp(png).jpeg({ quality: 75 }).toBuffer();
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = readInk(
      { data, width: info.width, height: info.height },
      { x: 4, y: 10, width: 76, height: 24 },
    );
    assert.ok(read, 'ink found');
    const fromPage = colourDistance(read.ink, WHITE);
    assert.ok(
      fromPage >= colourDistance(PURPLE, WHITE) * 0.6,
      `read ${read.ink.map(Math.round)}: a pale blend`,
    );
  });
});

describe('a label the letters are printed on', () => {
  // 「仅 398」 of a bicycle poster (alimama poster train-10): white 仅 on a dark price bar, red 398
  // in a white pill as tall as the line's box, the page just below the bar. Drawn at the poster's
  // own size and place; the line's box is the one the OCR reads there.
  const scene = async () => {
    const barAndPill = flatShapesSvg(513, 750, '#cfcfcf', [
      { x: 290, y: 612, width: 223, height: 90, fill: '#3f3f43' },
      { x: 392, y: 660, width: 97, height: 36, rx: 8, fill: '#ffffff' },
    ]);
    const png = await writeChinese(sharp(barAndPill), [
      { text: '仅', left: 352, top: 663, size: 30, color: '#ffffff', bold: true },
      { text: '398', left: 400, top: 662, size: 32, color: '#e70304', bold: true },
    ]);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const line = { x: 350, y: 661, width: 132, height: 38 };
    return { image: { data, width: info.width, height: info.height }, box: grow(line, 6.84, 513, 750) };
  };

  it('is no outline of its letters: the white pill around red digits is not erased as their outline', async () => {
    const { image, box } = await scene();
    const read = readInk(image, box);
    assert.ok(read, 'ink found');
    assert.equal(read.outline, null, `outline ${JSON.stringify(read.outline)}`);
  });
});
