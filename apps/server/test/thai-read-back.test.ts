/**
 * 图片翻译 into Thai, read back by the real OCR model: it has no Thai letters, reads Thai as Latin
 * look-alikes and now and then a tone-marked syllable as one Han character (「สินค้า」 as 「au前」).
 * A Thai facts sheet (PaddleOCR's doc/imgs/11.jpg) translated to Lazada 泰国站 came back with
 * 残留中文 19 处 and 不能上架 with no Chinese on it; Chinese words left under Thai still count.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { countLeftover, createOcrEngine } from '../src/imaging/ocr/index.ts';
import { residualOf } from '../src/imaging/text/translate-picture.ts';
import { drawnLines } from './drawn-lines.ts';

/** `texts` drawn in Thai one a line at a facts sheet's small size (16 px), as 图片翻译 draws them. */
const thaiFactsSheet = (texts: string[]) => drawnLines(texts, 'th', { width: 860, height: 22, fontSize: 16 });

describe('图片翻译 into Thai: the translation read back by the OCR model', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('does not count a Thai syllable the model reads as one Han character as 残留中文', async () => {
    const picture = await thaiFactsSheet([
      'สินค้า 198 สินค้า 30',
      'ลดทันที 30 บาท เมื่อซื้อครบ 198',
      'ผ้าไหมแท้ 100% คุณภาพดี ราคาถูก',
      '【สินค้า】: สินค้า /OEM ODM',
      'สินค้า、สินค้า、สินค้า',
    ]);
    const read = await residualOf(ocr, picture.png, { words: [] }, { blocks: picture.blocks, target: 'th' });
    assert.equal(
      read.count,
      0,
      `read back: ${(await ocr.readLines(picture.png)).map((l) => l.text).join(' / ')}`,
    );
  });
});

describe('countLeftover where Thai was drawn', () => {
  it('leaves out a lone Han character read amid the Thai, counts a Chinese word', () => {
    assert.equal(countLeftover('au、au、au前', [], 'th', 'สินค้า、สินค้า、สินค้า'), 0);
    // Chinese left under the Thai (not erased): a word of two or more characters, every one counted.
    assert.equal(countLeftover('au 男童加绒', [], 'th', 'สินค้า'), 4);
    // Read where nothing was drawn: no translation of ours, a lone character is source left.
    assert.equal(countLeftover('au前', [], ''), 1);
  });
});
