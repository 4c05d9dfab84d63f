/**
 * 图片翻译 · the measures of issue 51 (fakes/label-measures.ts), tried on drawn pictures before they
 * judge real ones: a label kept is kept, a label smeared into another colour is not, a faint grey
 * ghost on a white page is counted, and JPEG noise alone is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import type { RgbImage } from '../src/imaging/text/rgb-image.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import {
  EDGE_BAR,
  FILL_SLACK,
  flatPageExcess,
  INNER_BAR,
  labelFidelity,
  labelsUnder,
} from './fakes/label-measures.ts';

const W = 600;
const H = 400;
const svg = (body: string, width = W, height = H) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

const raw = async (png: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
/** The picture as a supplier's JPEG brings it, at `quality`. */
const jpeg = async (png: Buffer, quality: number) => raw(await sharp(png).jpeg({ quality }).toBuffer());

/** The box an OCR gives the text: where the two pictures differ, grown by a fifth of its height. */
function lineBox(withText: RgbImage, without: RgbImage): TextBox {
  let [x0, y0, x1, y1] = [withText.width, withText.height, -1, -1];
  for (let y = 0; y < withText.height; y++)
    for (let x = 0; x < withText.width; x++) {
      const i = (y * withText.width + x) * 3;
      if ([0, 1, 2].some((c) => withText.data[i + c] !== without.data[i + c])) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
    }
  const pad = Math.round((y1 - y0) * 0.2);
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 1 + 2 * pad, height: y1 - y0 + 1 + 2 * pad };
}

const PAGE = '<rect width="100%" height="100%" fill="#f4f1ea"/>';
const RED_LABEL = `${PAGE}<rect x="100" y="120" width="400" height="150" rx="24" fill="#e63946"/>`;
const GRADIENT_PILL =
  '<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f01fd8"/><stop offset="1" stop-color="#8a2be2"/></linearGradient></defs>' +
  `${PAGE}<rect x="80" y="150" width="440" height="110" rx="55" fill="url(#p)"/>`;
const SLOGAN = { text: '包邮到家', left: 180, top: 160, size: 60, color: '#ffffff' };

/** A label scene: the picture with its line, the label as the erase should leave it, and the line's box. */
async function labelScene(background: string, writing = SLOGAN) {
  const bare = await sharp(svg(background)).png().toBuffer();
  const written = await writeChinese(sharp(svg(background)), [writing]);
  const [original, erased] = [await raw(written), await raw(bare)];
  return { written, bare, original, erased, box: lineBox(original, erased) };
}

describe('图片翻译 measures · the label under a line', () => {
  it('finds the red label around the white line, its fill red and its box the label’s', async () => {
    const { original, box } = await labelScene(RED_LABEL);
    const labels = labelsUnder(original, [box]);
    assert.equal(labels.length, 1);
    const [label] = labels;
    assert.deepEqual(label?.lines, [0]);
    assert.ok(
      [0xe6, 0x39, 0x46].every((v, c) => Math.abs(v - (label?.fill[c] as number)) <= 4),
      `fill ${label?.fill}`,
    );
    assert.ok(Math.abs((label?.box.x ?? 0) - 100) <= 2 && Math.abs((label?.box.width ?? 0) - 400) <= 3);
    assert.ok(Math.abs((label?.area ?? 0) - 400 * 150) < 400 * 150 * 0.03, `area ${label?.area}`);
  });

  it('reports a label kept as kept: the picture itself, and the label with its line erased', async () => {
    const { original, erased, box } = await labelScene(RED_LABEL);
    const labels = labelsUnder(original, [box]);
    const [same] = labelFidelity(original, original, labels);
    assert.equal(same?.kept, 1);
    assert.equal(same?.edge, 1);
    const [clean] = labelFidelity(original, erased, labels);
    // The letters were not the fill; erased, they are: the label holds more of its fill than before.
    assert.ok((clean?.kept ?? 0) >= 1 && (clean?.kept ?? 0) < 1.3, `kept ${clean?.kept}`);
    assert.equal(clean?.edge, 1);
  });

  it('reports half a label smeared pink as lost (kept < 0.6), far past the slack', async () => {
    const { original, written, box } = await labelScene(RED_LABEL);
    const smeared = await raw(
      await sharp(written)
        .composite([
          { input: svg('<rect x="300" y="110" width="220" height="170" fill="#f4a5b0"/>'), left: 0, top: 0 },
        ])
        .png()
        .toBuffer(),
    );
    const [fidelity] = labelFidelity(original, smeared, labelsUnder(original, [box]));
    assert.ok((fidelity?.kept ?? 1) < 0.6, `kept ${fidelity?.kept}`);
    assert.ok((fidelity?.kept ?? 1) < 1 - FILL_SLACK);
  });

  it('reports a bite out of the label’s edge and a lost frame by its edge, though its fill hardly moves', async () => {
    const { original, written, box } = await labelScene(RED_LABEL);
    const bitten = await raw(
      await sharp(written)
        .composite([
          { input: svg('<rect x="440" y="110" width="70" height="40" fill="#f4f1ea"/>'), left: 0, top: 0 },
        ])
        .png()
        .toBuffer(),
    );
    const [bite] = labelFidelity(original, bitten, labelsUnder(original, [box]));
    assert.ok((bite?.kept ?? 0) >= 1 - FILL_SLACK, `kept ${bite?.kept}`);
    assert.ok((bite?.edge ?? 1) < EDGE_BAR, `edge ${bite?.edge}`);
    const framed = `${RED_LABEL}<rect x="100" y="120" width="400" height="150" rx="24" fill="none" stroke="#3a0a0a" stroke-width="6"/>`;
    const price = await labelScene(framed);
    const unframed = await raw(
      await writeChinese(
        sharp(
          svg(
            `${RED_LABEL}<rect x="100" y="120" width="400" height="150" rx="24" fill="none" stroke="#e63946" stroke-width="6"/>`,
          ),
        ),
        [SLOGAN],
      ),
    );
    const [frame] = labelFidelity(price.original, unframed, labelsUnder(price.original, [price.box]));
    assert.ok((frame?.edge ?? 1) < EDGE_BAR, `edge ${frame?.edge}`);
  });

  it('reports a white box inside the red label refilled red as lost, though the red fill grows', async () => {
    const boxed = `${RED_LABEL}<rect x="400" y="215" width="80" height="40" fill="#ffffff"/>`;
    const { original, erased, box } = await labelScene(boxed);
    const labels = labelsUnder(original, [box]);
    const [clean] = labelFidelity(original, erased, labels);
    assert.equal(clean?.inner, 1);
    const refilled = await raw(await sharp(svg(RED_LABEL)).png().toBuffer());
    const [lost] = labelFidelity(original, refilled, labels);
    assert.ok((lost?.kept ?? 0) >= 1, `kept ${lost?.kept}`);
    assert.ok((lost?.inner ?? 1) < INNER_BAR, `inner ${lost?.inner}`);
  });

  it('finds a straight-gradient pill as one label, and its erased self as kept', async () => {
    const { original, erased, box } = await labelScene(GRADIENT_PILL, { ...SLOGAN, top: 172, size: 56 });
    const labels = labelsUnder(original, [box]);
    assert.equal(labels.length, 1);
    assert.ok(Math.abs((labels[0]?.box.width ?? 0) - 440) <= 3, `width ${labels[0]?.box.width}`);
    const [fidelity] = labelFidelity(original, erased, labels);
    assert.ok((fidelity?.kept ?? 0) >= 1, `kept ${fidelity?.kept}`);
  });

  it('keeps finding the label through a supplier’s JPEG noise, and its clean erase stays kept', async () => {
    const { written, bare, box } = await labelScene(RED_LABEL);
    const [original, erased] = [await jpeg(written, 70), await jpeg(bare, 70)];
    const labels = labelsUnder(original, [box]);
    assert.equal(labels.length, 1);
    const [fidelity] = labelFidelity(original, erased, labels);
    assert.ok((fidelity?.kept ?? 0) >= 1 - FILL_SLACK / 2, `kept ${fidelity?.kept}`);
    assert.ok((fidelity?.edge ?? 0) >= EDGE_BAR, `edge ${fidelity?.edge}`);
  });

  it('finds no label under a line on the page itself or on a photo', async () => {
    const onPage = await labelScene(PAGE, { ...SLOGAN, color: '#1d3557' });
    assert.equal(labelsUnder(onPage.original, [onPage.box]).length, 0);
    const photo =
      '<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.03" numOctaves="4" seed="3"/></filter><rect width="100%" height="100%" filter="url(#n)"/>';
    const onPhoto = await labelScene(photo);
    assert.equal(labelsUnder(onPhoto.original, [onPhoto.box]).length, 0);
  });
});

describe('图片翻译 measures · a line on a flat white page', () => {
  const WHITE = '<rect width="100%" height="100%" fill="#ffffff"/>';
  const FACT = { text: '产品信息参数', left: 120, top: 150, size: 48, color: '#333333', bold: false };

  it('counts a faint grey ghost left where the line was erased', async () => {
    const { original, box } = await labelScene(WHITE, FACT);
    const ghost = await raw(await writeChinese(sharp(svg(WHITE)), [{ ...FACT, color: '#ececec' }]));
    const { lines, total } = flatPageExcess(original, ghost, [box]);
    assert.equal(lines.length, 1, 'the line lies on a flat page');
    assert.ok(total > 300, `excess ${total}`);
  });

  it('counts nothing for a clean erase, and nothing for the page’s own JPEG noise', async () => {
    const { original, erased, box } = await labelScene(WHITE, FACT);
    assert.equal(flatPageExcess(original, erased, [box]).total, 0);
    // A scanned-paper white: a fine grain under the text, both pictures saved as JPEG.
    const paper = `${WHITE}<filter id="g"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="2"/><feColorMatrix values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0.12 0"/></filter><rect width="100%" height="100%" filter="url(#g)"/>`;
    const grain = await labelScene(paper, FACT);
    const [noisy, noisyErased] = [await jpeg(grain.written, 60), await jpeg(grain.bare, 60)];
    const { lines, total } = flatPageExcess(noisy, noisyErased, [grain.box]);
    assert.equal(lines.length, 1, 'grain and JPEG noise still make a flat page');
    assert.equal(total, 0, `noise ${lines[0]?.noise}`);
  });

  it('leaves out lines on a busy background: their ring is not one colour', async () => {
    const stripes =
      '<pattern id="s" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="10" height="20" fill="#ffffff"/><rect x="10" width="10" height="20" fill="#c8102e"/></pattern><rect width="100%" height="100%" fill="url(#s)"/>';
    const { original, erased, box } = await labelScene(stripes, FACT);
    assert.equal(flatPageExcess(original, erased, [box]).lines.length, 0);
  });
});
