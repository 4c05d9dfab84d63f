import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { fitBlock } from '../src/imaging/text/render.ts';

const block = (text: string, width: number, height: number, fontSize: number) => ({
  text,
  box: { x: 0, y: 0, width, height },
  fontSize,
  color: '#c1121f',
  bold: true,
  align: 'center' as const,
});

describe('图片翻译 · wrapping a translation', () => {
  it('shrinks a word that is too wide instead of breaking it with a hyphen', async () => {
    // At 40 px 「Limited」 is wider than 130 px; broken in two (「Limit-」「ed」) it would fit the height.
    const fitted = await fitBlock(block('Limited', 130, 120, 40), 'en');
    const lines = (await sharp(fitted.png).metadata()).height / fitted.fontSize;
    assert.ok(fitted.fontSize < 40, `drawn at ${fitted.fontSize} px`);
    assert.ok(lines < 1.6, `one line (${lines.toFixed(2)} sizes tall)`);
    assert.equal(fitted.overflow, false);
  });

  it('still wraps at spaces, and between the characters of Japanese', async () => {
    const english = await fitBlock(block('Limited offer', 150, 100, 40), 'en');
    assert.equal(english.fontSize, 40);
    assert.ok((await sharp(english.png).metadata()).height / 40 > 1.8, 'two lines');
    const japanese = await fitBlock(block('限時セール中です', 150, 100, 36), 'ja');
    assert.equal(japanese.fontSize, 36);
    assert.equal(japanese.overflow, false);
  });
});
