/**
 * 图片翻译's translations into a language set with half-width marks carry half-width marks. The
 * model often keeps the original's 「！！」 ("Price cut！！"): drawn as it came, each mark took a full
 * em (valid-2's "gift design ！ ！"), and the editor wrapped the line past its box.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { halfWidthPunctuation } from '../src/imaging/text/punctuation.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';

describe('half-width punctuation', () => {
  it('turns full-width marks and spaces into the ones English, German or Thai is set with', () => {
    assert.equal(halfWidthPunctuation('Price cut！！', 'en'), 'Price cut!!');
    assert.equal(halfWidthPunctuation('（New）100％ cotton，soft。', 'en'), '(New)100% cotton,soft.');
    assert.equal(
      halfWidthPunctuation('「Bestseller」、【Neu】\u3000jetzt？', 'de'),
      '"Bestseller",[Neu] jetzt?',
    );
    assert.equal(halfWidthPunctuation('ลดราคา！', 'th'), 'ลดราคา!');
  });

  it('leaves letters, digits and currency signs alone, and full-width marks in Japanese, Korean and Traditional Chinese', () => {
    assert.equal(halfWidthPunctuation('Ｂｉｇ ￥299 €5 — ok', 'en'), 'Ｂｉｇ ￥299 €5 — ok');
    for (const target of ['ja', 'ko', 'zh-TW'])
      assert.equal(halfWidthPunctuation('値下げ！！', target), '値下げ！！');
  });
});

describe('图片翻译 · the model keeps the original’s full-width marks', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  async function translatedInto(target: string, answer: string) {
    const picture = await writeChinese(
      sharp({ create: { width: 480, height: 160, channels: 3, background: '#f4efe6' } }),
      [{ text: '降价了！！', left: 40, top: 50, size: 48, color: '#e5461b' }],
    );
    const result = await translatePicture(
      ocr,
      picture,
      { target, keep: [], product: null },
      async (blocks) => new Map(blocks.map((block) => [block.id, answer])),
    );
    return result.blocks.map((block) => block.text);
  }

  it('draws English with "!!"', async () => {
    assert.deepEqual(await translatedInto('en', 'Price cut！！'), ['Price cut!!']);
  });

  it('draws Japanese with its own 「！！」', async () => {
    assert.deepEqual(await translatedInto('ja', '値下げ！！'), ['値下げ！！']);
  });
});
