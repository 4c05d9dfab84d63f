import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { bareText, createOcrEngine } from '../src/imaging/ocr/index.ts';
import { drawBlocks, fitBlock } from '../src/imaging/text/render.ts';

/**
 * Chinese inside a translation (a brand kept as it is, full-width punctuation) is drawn from the
 * fonts the project ships, not the server's: a machine without CJK fonts drew it as boxes.
 */
describe('drawing Chinese kept inside a translation', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  for (const language of ['en', 'de', 'vi', 'id']) {
    it(`draws the kept brand as readable Chinese in a ${language} translation`, async () => {
      const background = await sharp({
        create: { width: 800, height: 160, channels: 3, background: '#ffffff' },
      })
        .png()
        .toBuffer();
      const fitted = await fitBlock(
        {
          text: 'Brand 出海牌（2L）',
          box: { x: 20, y: 20, width: 760, height: 120 },
          fontSize: 64,
          color: '#1b4965',
          bold: true,
          align: 'left',
        },
        language,
      );
      const drawn = await drawBlocks(background, [fitted]);
      const read = (await ocr.readLines(drawn)).map((line) => bareText(line.text)).join('');
      assert.match(read, /出海牌/, `read back: ${read}`);
    });
  }
});
