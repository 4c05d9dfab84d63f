/**
 * A translation that fits nowhere, even at its least size, right above another block (RapidOCR
 * ch_en_num: the small 「日常价￥」 sits on 「10.0起」). Wrapped to its room's width, it took three
 * lines and was drawn over the translation of the price under it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';

const block = (id: number, text: string, box: TranslatedBlock['box'], fontSize: number): TranslatedBlock => ({
  id,
  source: '',
  text,
  box,
  fontSize,
  color: '#7a2be0',
  bold: false,
  align: 'left',
  hidden: false,
  overflow: false,
});

describe('a translation too long for its place, above another block', () => {
  it('stays one line above the block under it, flagged as overflowing', async () => {
    const white = await sharp({ create: { width: 323, height: 430, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const drawn = await drawTranslation(
      white,
      [
        block(1, 'choice strong ￥', { x: 35, y: 226, width: 28, height: 11 }, 9),
        block(2, '10.0 natural', { x: 34, y: 235, width: 47, height: 20 }, 11),
      ],
      'en',
    );
    const [label, price] = drawn.blocks.map((b) => b.drawn as NonNullable<TranslatedBlock['drawn']>);
    assert.ok(label && price);
    assert.equal(drawn.blocks[0]?.overflow, true, 'flagged');
    assert.ok(
      label.y + label.height <= price.y,
      `label ${JSON.stringify(label)} runs onto ${JSON.stringify(price)}`,
    );
  });
});
