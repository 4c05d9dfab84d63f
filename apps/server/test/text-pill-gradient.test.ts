/**
 * A long translation on a small gradient pill (RapidOCR ch_en_num: white 「-40℃深度防冻不结冰」 on a
 * 13 px magenta-to-purple pill with a gold rim, on a white card). JPEG rings 17–32 levels at the
 * pill's round ends, which stopped the pill being found at all; and the line, read left-aligned,
 * grew rightwards only, so the translation ran past the pill's right end onto the card.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { labelOutline } from '../src/imaging/text/label.ts';

const WIDTH = 323;
const HEIGHT = 260;
const PILL = { x: 91, y: 168, width: 141, height: 16 };
const LINE = { x: 107, y: 170, width: 112, height: 13 };
const RIM = [225, 172, 80];
const inPill = (x: number, y: number) =>
  x >= PILL.x && x < PILL.x + PILL.width && y >= PILL.y && y < PILL.y + PILL.height;

/** The pill's colour at x: magenta, fading to purple along its middle, flat again at the right. */
function gradient(x: number) {
  const t = Math.min(1, Math.max(0, (x - 140) / 50));
  return [Math.round(255 - 124 * t), 27, Math.round(232 + 11 * t)];
}

/** White card, the pill with a 1 px gold rim, and the ringing JPEG leaves next to its left end. */
function card() {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  const put = (x: number, y: number, rgb: number[]) => data.set(rgb, (y * WIDTH + x) * 3);
  for (let y = PILL.y; y < PILL.y + PILL.height; y++)
    for (let x = PILL.x; x < PILL.x + PILL.width; x++) {
      const rim =
        y === PILL.y || y === PILL.y + PILL.height - 1 || x === PILL.x || x === PILL.x + PILL.width - 1;
      put(x, y, rim ? RIM : gradient(x));
    }
  // Read off the real picture, left of the erased line: a pixel that jumps 17 and comes back, and
  // three pixels of ringing just inside the rim.
  for (let y = PILL.y + 2; y < PILL.y + PILL.height - 2; y++) {
    put(PILL.x + 12, y, [245, 29, 215]);
    put(PILL.x + 1, y, [244, 59, 187]);
    put(PILL.x + 2, y, [255, 26, 224]);
    put(PILL.x + 3, y, [251, 32, 255]);
    put(PILL.x + 4, y, [237, 33, 236]);
  }
  return { data, width: WIDTH, height: HEIGHT };
}

const line: TranslatedBlock = {
  id: 1,
  source: '-40℃深度防冻不结冰',
  text: '-40℃ natural safe comfort comfort store',
  box: LINE,
  fontSize: 9,
  color: '#ffffff',
  bold: false,
  // Lined up with the price column under it, the OCR's blocks call it left-aligned.
  align: 'left',
  hidden: false,
  overflow: false,
};

describe('a long translation on a small gradient pill', () => {
  it('finds the pill through the JPEG ringing at its end', () => {
    const pill = labelOutline(card(), LINE);
    assert.ok(pill, 'a label');
    assert.ok(pill.x <= PILL.x + 4 && pill.x + pill.width >= PILL.x + PILL.width - 4, JSON.stringify(pill));
  });

  it('draws the translation on one line inside the pill', async () => {
    const picture = card();
    const png = await sharp(picture.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer();
    const drawn = await drawTranslation(png, [line], 'en');
    assert.equal(drawn.blocks[0]?.overflow, false, 'fits');
    // Every pixel the drawing changed is on the pill.
    const { data } = await sharp(drawn.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let [on, off] = [0, 0];
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 3;
        const changed = [0, 1, 2].some(
          (c) => Math.abs((data[i + c] as number) - (picture.data[i + c] as number)) > 40,
        );
        if (!changed) continue;
        if (inPill(x, y)) on++;
        else off++;
      }
    assert.ok(on > 100, `${on} pixels of letters on the pill`);
    assert.equal(off, 0, 'pixels of letters off the pill');
  });
});
