/**
 * A translation on a label with another line under it on the same label (CnOCR's taobao4: 「168元」
 * over 「今日活动价」 on one red price box). Into Thai and Polish 「168 หยวน」 and 「168 juanów」 wrapped
 * to two lines and ran onto the line below: the room stops above that line, as off a label.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutOf } from '../src/imaging/text/layout.ts';
import { fitBlock } from '../src/imaging/text/render.ts';

/** taobao4's right side: a red price box 110 × 80 at (274, 214) on a tan page. */
function priceBox() {
  const width = 400;
  const height = 400;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const red = x >= 274 && x < 384 && y >= 214 && y < 294;
      data.set(red ? [200, 20, 20] : [190, 140, 110], (y * width + x) * 3);
    }
  return { data, width, height };
}

describe('a translation on a label with a line under it', () => {
  const price = { id: 1, box: { x: 278, y: 220, width: 102, height: 47 }, align: 'center' as const };
  const below = { id: 2, box: { x: 277, y: 263, width: 88, height: 25 }, align: 'center' as const };

  it('keeps its room above the line below', () => {
    const { room, box } = layoutOf(priceBox(), price, [price, below]);
    assert.ok(room.y + room.height <= below.box.y, JSON.stringify(room));
    assert.ok(box.y + box.height <= below.box.y, JSON.stringify(box));
  });

  for (const [language, text] of [
    ['th', '168 หยวน'],
    ['pl', '168 juanów'],
  ] as const)
    it(`draws 「${text}」 (${language}) clear of the line below`, async () => {
      const layout = layoutOf(priceBox(), price, [price, below]);
      const fitted = await fitBlock(
        { ...price, ...layout, text, fontSize: 34, color: '#ffffff', bold: false },
        language,
      );
      assert.ok(fitted.top + fitted.height <= below.box.y + 2, JSON.stringify({ ...fitted, png: undefined }));
    });
});
