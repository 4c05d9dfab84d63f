/**
 * The size a translation starts from (imaging/text/erase-blocks.ts sizeOf): Latin letters start at
 * 0.72 of the line's detected height, which suits their ascenders; Traditional Chinese, Japanese and
 * Korean fill their em square like the original's Han, and at that size came out at two thirds of
 * the original (「很美」 drawn 67×32 in a 109×56 box on the CnOCR dress ad).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';

const SIZE = 60;
const TRADITIONAL: Record<string, string> = { 限时特惠纯棉面料: '限時特惠純棉面料' };

describe('图片翻译 · the size a translation is drawn at', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('into Traditional Chinese is the original’s size, not a Latin one', async () => {
    const png = await writeChinese(
      sharp({ create: { width: 900, height: 300, channels: 3, background: '#ffffff' } }),
      [{ text: '限时特惠纯棉面料', left: 40, top: 100, size: SIZE, color: '#222222' }],
    );
    const picture = await translatePicture(
      ocr,
      png,
      { target: 'zh-TW', keep: [], product: null },
      async (blocks) => new Map(blocks.map((b) => [b.id, TRADITIONAL[b.text] ?? b.text])),
    );
    const block = picture.blocks[0];
    assert.ok(block, 'a block drawn');
    assert.equal(block.text, '限時特惠純棉面料');
    assert.ok(block.fontSize >= SIZE * 0.85, `drawn at ${block.fontSize} px, the original at ${SIZE}`);
    assert.ok(block.fontSize <= SIZE * 1.1, `drawn at ${block.fontSize} px, the original at ${SIZE}`);
  });
});
