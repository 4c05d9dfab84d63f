/**
 * A heading over its selling point, translated back as one line: the words are shared out over the
 * original's lines (imaging/text/share-out.ts), so each line stays a layer in its own style.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { shareOut } from '../src/imaging/text/share-out.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';

describe('a translation shared out over the original lines', () => {
  it('gives each line about its share, at spaces, never an empty line', () => {
    assert.deepEqual(shareOut('Waterproof and breathable three layer fabric', [4, 4]), [
      'Waterproof and breathable',
      'three layer fabric',
    ]);
    assert.deepEqual(shareOut('Big sale today', [2, 8]), ['Big', 'sale today']);
    assert.deepEqual(shareOut('Sale\nnow on for all', [1, 1, 1]), ['Sale now', 'on', 'for all']);
    assert.equal(shareOut('Sale', [2, 2]), null, 'fewer words than lines');
    // A language written without spaces is cut between characters.
    assert.deepEqual(shareOut('防水透気三層生地', [4, 4]), ['防水透気', '三層生地']);
  });

  it('keeps a heading and its selling point as two layers in their sizes when the translator joins them', async () => {
    const ocr = createOcrEngine();
    after(() => ocr.close());
    const picture = await writeChinese(
      sharp({ create: { width: 900, height: 500, channels: 3, background: '#ffffff' } }),
      [
        // Lines within 1.3× of each other's size are one block (ocr/blocks.ts): a heading and its line.
        { text: '防水透气面料', left: 120, top: 120, size: 50, color: '#1d3557' },
        { text: '轻薄耐穿三层', left: 120, top: 190, size: 42, color: '#e63946', bold: false },
      ],
    );
    let asked: { id: number; text: string }[] = [];
    const result = await translatePicture(
      ocr,
      picture,
      { target: 'en', keep: [], product: null },
      async (blocks) => {
        asked = blocks;
        // One sentence for the whole block, its line break dropped, as translators often answer.
        return new Map(
          blocks.map((b) => [b.id, 'Waterproof breathable three layer fabric light and durable']),
        );
      },
    );
    assert.equal(asked.length, 1, `one block of two lines, read as ${JSON.stringify(asked)}`);
    assert.equal(result.blocks.length, 2, JSON.stringify(result.blocks.map((b) => b.text)));
    const [heading, point] = result.blocks as [(typeof result.blocks)[0], (typeof result.blocks)[0]];
    assert.ok(heading.fontSize > point.fontSize, `${heading.fontSize} over ${point.fontSize}`);
    assert.ok(heading.bold && !point.bold, 'each line keeps its weight');
    assert.notEqual(heading.color, point.color, 'each line keeps its colour');
    assert.equal(
      `${heading.text} ${point.text}`,
      'Waterproof breathable three layer fabric light and durable',
      'no word lost or repeated',
    );
  });
});
