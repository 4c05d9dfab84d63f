/**
 * 图片翻译 on small white words in a gradient pill on a white card (RapidOCR's ch_en_num,
 * 「-40℃深度防冻不结冰」 on a magenta-to-purple pill, issue 51). The line's box, grown for reading
 * the ink, reaches past the pill's rim onto the card: the card's white along the box's edge is a
 * neighbour's, and the words are still read white, not given up on (then drawn #1f1f1f on the pill).
 * Nor is the half of the pill on one side of its turn from magenta to purple, which closes the
 * letters in there, their outline: an outline is around the letters all along the line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { writeChinese } from './fakes/chinese-text.ts';

/** The card's corner at twice ch_en_num's size, saved as a JPEG as the picture was. */
const W = 660;
const H = 440;
const CARD =
  '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0.5" stop-color="#ff20e8"/><stop offset="0.55" stop-color="#8a22f2"/></linearGradient></defs>' +
  `<rect width="${W}" height="${H}" fill="#ffffff"/>` +
  '<rect x="181.5" y="332" width="282" height="36" rx="18" fill="url(#g)" stroke="#e9c46a" stroke-width="3"/>';
/** The line's box as the detector gives it: down to a pixel above the pill's rim. */
const LINE = { x: 214, y: 340, width: 224, height: 26 };
const TEXT = '-40℃深度防冻不结冰';

const rgbOf = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

describe('图片翻译 · small white words in a gradient pill on a white card', () => {
  it('are drawn back light, with no outline, though the box reaches the card and the pill turns colour', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${CARD}</svg>`;
    const png = await writeChinese(sharp(Buffer.from(svg)), [
      { text: TEXT, left: 214, top: 340, size: 24, color: '#ffffff', bold: false },
    ]);
    const jpeg = await sharp(png).jpeg({ quality: 80 }).toBuffer();
    const { data } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const lines = [{ text: TEXT, box: LINE, score: 0.95 }];
    const { layers } = await eraseBlocks({
      image: { data: new Uint8Array(data), width: W, height: H },
      blocks: [{ lines, box: LINE, text: TEXT, align: 'center', lineHeight: LINE.height }],
      translations: ['-40℃ deep antifreeze'],
      kept: [],
      target: 'en',
    });
    const [layer] = layers;
    assert.ok(layer, 'no layer');
    assert.ok(
      rgbOf(layer.color).every((v) => v > 180),
      `drawn in ${layer.color}: the words are white on the pill`,
    );
    assert.ok(!layer.outline, `with an outline ${JSON.stringify(layer.outline)}: half of the pill is none`);
  });
});
