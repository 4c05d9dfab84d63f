/**
 * 图片翻译 into Traditional Chinese, read back by the real OCR model: it was trained on Simplified
 * text and reads many Traditional characters as their Simplified forms (僅 as 仅, 絨 as 绒). Those
 * are the translation drawn there, not Chinese left over; a line left in Simplified still is.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { countLeftover, createOcrEngine } from '../src/imaging/ocr/index.ts';
import { residualOf } from '../src/imaging/text/translate-picture.ts';
import { simplifiedFormsOf } from '../src/lib/chinese-script.ts';
import { drawnLines } from './drawn-lines.ts';

/** `texts` drawn one a line on white, as 图片翻译 draws them, with their blocks. */
const drawnPicture = (texts: string[]) =>
  drawnLines(texts, 'zh-TW', { width: 600, height: 60, fontSize: 48 });

describe('图片翻译 into Traditional Chinese: the translation read back by the OCR model', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('does not count Traditional characters the model reads as Simplified as 残留中文', async () => {
    // alimama's fishing rod and baby shoes posters, translated: both came back with 残留中文 1.
    const picture = await drawnPicture(['5.4米僅69克', '冬季加絨']);
    const read = await residualOf(
      ocr,
      picture.png,
      { words: [] },
      { blocks: picture.blocks, target: 'zh-TW' },
    );
    assert.equal(
      read.count,
      0,
      `read back: ${(await ocr.readLines(picture.png)).map((l) => l.text).join(' / ')}`,
    );
  });

  it('still counts a picture left in Simplified', async () => {
    const picture = await drawnPicture(['5.4米仅69克', '冬季加绒']);
    const read = await residualOf(
      ocr,
      picture.png,
      { words: [] },
      { blocks: picture.blocks, target: 'zh-TW' },
    );
    assert.ok(read.count >= 2, `count ${read.count}`);
  });
});

describe('countLeftover with the Traditional text drawn there', () => {
  it('leaves out only the Simplified forms of the Traditional characters drawn', () => {
    assert.deepEqual([...simplifiedFormsOf('5.4米僅69克')], ['仅']);
    assert.equal(countLeftover('5.4米仅69克', [], 'zh-TW', '5.4米僅69克'), 0);
    // Drawn in Simplified (nothing was translated): its characters are left over.
    assert.equal(countLeftover('5.4米仅69克', [], 'zh-TW', '5.4米仅69克'), 1);
    // Another Simplified character than the drawn one's form is left over.
    assert.equal(countLeftover('限时特惠', [], 'zh-TW', '5.4米僅69克'), 1);
  });
});
