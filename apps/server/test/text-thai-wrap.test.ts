/**
 * A Thai translation wraps inside its box (imaging/text/line-breaks.ts, issue 55): Thai has no
 * spaces between words and the Pango that libvips ships breaks a Thai line nowhere, so a selling
 * point ran on as one line, shrank to the smallest size and still ran past its box.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withThaiWordBreaks } from '../src/imaging/text/line-breaks.ts';
import { fitBlock } from '../src/imaging/text/render.ts';

const SENTENCE = 'ขวดน้ำเก็บอุณหภูมินี้ช่วยให้เครื่องดื่มเย็นได้ทั้งวันและร้อนได้นานสิบสองชั่วโมง';

describe('Thai text on a picture', () => {
  it('marks a break between each two Thai words and nowhere else', () => {
    assert.equal(withThaiWordBreaks('ขวดน้ำ 750 มล. IPX7'), 'ขวด\u200Bน้ำ 750 มล. IPX7');
    assert.equal(withThaiWordBreaks('Giữ lạnh 24 giờ'), 'Giữ lạnh 24 giờ');
    assert.equal(withThaiWordBreaks(SENTENCE).split('\u200B').length, 20);
  });

  it('wraps a long selling point into its box at nearly its own size', async () => {
    const box = { x: 0, y: 0, width: 300, height: 200 };
    const fitted = await fitBlock(
      { text: SENTENCE, box, fontSize: 40, color: '#000000', bold: false, align: 'left' },
      'th',
    );
    assert.equal(fitted.overflow, false);
    assert.ok(fitted.width <= box.width + 1, `${fitted.width} px wide in a ${box.width} px box`);
    assert.ok(fitted.fontSize >= 30, `shrunk to ${fitted.fontSize} px`);
    assert.ok(fitted.height >= 3 * fitted.fontSize, `${fitted.height} px high: not wrapped`);
  });
});
