/**
 * The ink read from a line's pixels (imaging/text/ink.ts): on thin strokes the anti-aliased edge
 * outnumbers the ink itself, and the colour drawn back must still be the ink, not a pale blend.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { colourDistance, readInk } from '../src/imaging/text/ink.ts';
import { writeChinese } from './fakes/chinese-text.ts';

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
