/**
 * A long translation in a small box: taobao4's white 「原版正品」 box, 75 × 19 px inside a red one.
 * At the 9 px least size a three-word translation still took two lines, ran off the white box onto
 * the red and got a dark halo there. Its letters are condensed, as a designer would, before it is
 * given up as overflowing; one too long even condensed is still flagged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitBlock } from '../src/imaging/text/render.ts';

const box = { x: 295, y: 185, width: 69, height: 18 };

const fit = (text: string) =>
  fitBlock({ text, box, room: box, fontSize: 15, color: '#da4441', bold: true, align: 'center' }, 'en');

describe('a long translation in a small box', () => {
  it('is condensed onto one line inside the box, not run off it', async () => {
    const fitted = await fit('gift smooth bright');
    assert.equal(fitted.overflow, false);
    assert.ok(fitted.fontSize >= 9, `${fitted.fontSize} px`);
    assert.ok(
      fitted.left >= box.x && fitted.left + fitted.width <= box.x + box.width,
      JSON.stringify(fitted),
    );
    assert.ok(fitted.height <= box.height * 1.2, `${fitted.height} px tall`);
    // The PSD export fits again from the size it ended at: the same size and width.
    const again = await fitBlock(
      {
        text: 'gift smooth bright',
        box,
        room: box,
        fontSize: fitted.fontSize,
        color: '#da4441',
        bold: true,
        align: 'center',
      },
      'en',
    );
    assert.deepEqual([again.fontSize, again.width], [fitted.fontSize, fitted.width]);
  });

  it('is flagged as overflowing when even condensed it does not fit', async () => {
    const fitted = await fit('genuine original authentic guaranteed product');
    assert.equal(fitted.overflow, true);
  });
});
