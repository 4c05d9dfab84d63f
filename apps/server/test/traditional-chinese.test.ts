/**
 * 一键出海 to Shopee 台湾站 (issue 55): a listing and a picture in Traditional Chinese for Taiwan.
 * Traditional is the translation, Simplified is Chinese left over, and Chinese written the same in
 * both scripts (中文) cannot be told by script: unsure, never a pass.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLocaliseSite, type ListingText } from '@chuhai/contract';
import { countLeftover, type OcrEngine } from '../src/imaging/ocr/index.ts';
import { residualOf } from '../src/imaging/text/translate-picture.ts';
import { chineseScript } from '../src/lib/chinese-script.ts';
import { listingLanguageRules, pictureLanguageRules } from '../src/modules/localise/language.ts';
import { pictureRules, readyToList } from '../src/modules/localise/report.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';
import { listingIn } from './fixtures/listing-languages.ts';

const tw = findLocaliseSite('shopee-TW');
assert.ok(tw);

/** What the listing writer answered: Traditional, Simplified or English. */
const ANSWERS: Record<string, ListingText> = {
  traditional: listingIn('zh-TW', 0),
  simplified: {
    title: '不锈钢保温瓶 750ml 真空双层 保冷保温 防漏杯盖',
    bullets: [
      '保冷24小时：真空双层结构，让饮料一整天都冰凉',
      '包装内容：750ml保温瓶一个、备用杯盖一个、清洁刷一支',
    ],
    description:
      '这款保温瓶能让饮料冰凉一整天、温热十二小时。双层食品级不锈钢不会凝结水珠，杯盖紧密不漏水，细长瓶身放得进汽车杯架，也放得进背包侧袋。',
    searchTerms: '',
  },
  english: listingIn('en', 0),
};

const verdict = (text: ListingText) => {
  const rules = listingLanguageRules(tw, text);
  return { rules, first: rules[0], ready: readyToList(rules) };
};

describe('Shopee 台湾站: the listing is in Traditional Chinese', () => {
  it('passes a Traditional answer, fails a Simplified one and an English one, each said in Chinese', () => {
    const traditional = verdict(ANSWERS.traditional as ListingText);
    assert.deepEqual(
      traditional.rules.map((r) => [r.pass, r.message]),
      [[true, '用繁体中文撰写']],
    );
    assert.equal(traditional.ready, true);

    const simplified = verdict(ANSWERS.simplified as ListingText);
    assert.equal(simplified.first?.pass, false);
    assert.equal(simplified.first?.message, 'listing 是简体中文，不是繁体中文');
    assert.match(simplified.first?.todo ?? '', /改成繁体中文/);
    assert.equal(simplified.ready, false);

    const english = verdict(ANSWERS.english as ListingText);
    assert.equal(english.first?.message, 'listing 读起来是英语，不是站点的繁体中文');
    assert.equal(english.ready, false);
  });

  it('fails a Traditional listing with a Simplified bullet left in it, quoting it; 台北 and 台灣 are Taiwan’s own', () => {
    const text = ANSWERS.traditional as ListingText;
    const mixed = { ...text, bullets: [...text.bullets, '在台北和台灣各地都買得到', '保温杯盖防漏设计'] };
    const { rules, ready } = verdict(mixed);
    assert.equal(ready, false);
    assert.deepEqual(
      rules.filter((r) => !r.pass).map((r) => [r.place, r.message]),
      [
        ['全文', 'listing 含有简体字「保温杯盖防漏设计」'],
        ['五点描述 6', '是简体中文，不是繁体中文'],
      ],
    );
  });

  it('says a long listing written only in characters shared by both scripts cannot be told, not a pass', () => {
    const shared = '大容量不沾平底鍋'.replace('鍋', '');
    assert.equal(chineseScript(shared).script, 'either');
    const text: ListingText = { title: `${shared}`.repeat(8), bullets: [], description: '', searchTerms: '' };
    const { first, ready } = verdict(text);
    assert.equal(first?.pass, false);
    assert.equal(first?.unsure, true);
    assert.equal(first?.message, '每个字简繁同形，无法判断是不是繁体中文');
    assert.equal(ready, false);
  });

  it('tells the picture’s few words: Traditional passes, Simplified fails', () => {
    const picture = (...texts: string[]) =>
      ({
        translated: true,
        made: { blocks: texts.map((text, id) => ({ id, text, hidden: false })) },
      }) as unknown as TranslatedPicture;
    const [traditional, simplified] = pictureLanguageRules(
      tw,
      [picture('優惠', '防水'), picture('优惠', '限时')],
      [],
    );
    assert.equal(traditional?.pass, true, traditional?.message);
    assert.equal(traditional?.message, '图上译文是繁体中文');
    assert.equal(simplified?.pass, false);
    assert.equal(simplified?.message, '图上译文是简体中文，不是繁体中文');
  });
});

describe('图片翻译 into Traditional Chinese: what is left over', () => {
  it('counts Simplified characters, not Traditional ones or those written alike', () => {
    assert.equal(countLeftover('限時特惠 不鏽鋼保溫杯', [], 'zh-TW'), 0);
    // 时 is Simplified (時); 限, 特 and 惠 are written alike.
    assert.equal(countLeftover('限时特惠', [], 'zh-TW'), 1);
    assert.equal(countLeftover('台北門市', [], 'zh-TW'), 0);
    assert.equal(countLeftover('中文', [], 'zh-TW'), 0);
    // Other targets: every Han character is left over, as before.
    assert.equal(countLeftover('限時特惠', [], 'en'), 4);
  });

  it('reads the result: a line left in Simplified is 残留, a Traditional one is not, and Chinese where nothing was drawn is', async () => {
    const box = (x: number) => ({ x, y: 10, width: 100, height: 30 });
    const ocr = {
      readLines: async () => [
        { text: '限時特惠', box: box(0), confidence: 0.9 },
        { text: '加厚保暖', box: box(200), confidence: 0.9 },
        { text: '中文', box: box(400), confidence: 0.9 },
        { text: '限时', box: box(600), confidence: 0.9 },
      ],
    } as unknown as OcrEngine;
    const block = (id: number, x: number, text: string, source: string) => ({
      id,
      box: box(x),
      text,
      source,
      hidden: false,
    });
    const drawn = {
      target: 'zh-TW',
      blocks: [
        block(1, 0, '限時特惠', '限时特惠'),
        block(2, 200, '加厚保暖', '加厚保暖'),
        block(3, 600, '限时', '限时'),
      ],
    } as unknown as Parameters<typeof residualOf>[3];
    const read = await residualOf(ocr, Buffer.alloc(0), { words: [] }, drawn);
    // 加厚保暖 is written alike in both scripts: not counted here (pictureRules says unsure); 中文
    // where nothing was drawn is the source left.
    assert.equal(read.count, 3);
    assert.deepEqual(read.boxes, [box(400), box(600)]);
  });

  it('reports a block left in Simplified as 残留 and an unchanged block of shared characters as 无法判断', () => {
    const made = (text: string, source: string) =>
      ({
        translated: true,
        residual: text === source && countLeftover(text, [], 'zh-TW') > 0 ? 2 : 0,
        overflow: 0,
        restoredNumbers: [],
        made: {
          target: 'zh-TW',
          kept: [],
          restored: [],
          blocks: [{ id: 1, text, source, hidden: false }],
        },
      }) as unknown as TranslatedPicture;
    const [left, same, done] = pictureRules([
      made('限时特惠', '限时特惠'),
      made('加厚保暖', '加厚保暖'),
      made('限時特惠', '限时特惠'),
    ]).filter((r) => r.ruleId === 'picture.residual');
    // Said as Simplified left over: on a Traditional Chinese picture 「残留中文」 named the translation too.
    assert.deepEqual(
      [left?.pass, left?.message, left?.todo],
      [
        false,
        '残留简体中文 2 个字（没有翻译成繁体的原文）',
        '在图片翻译编辑器里打开这张图，把残留的简体中文改成繁体中文译文',
      ],
    );
    assert.equal(same?.pass, false);
    assert.equal(same?.unsure, true);
    assert.match(same?.message ?? '', /无法判断是否已翻译/);
    assert.deepEqual([done?.pass, done?.message], [true, '没有残留中文']);
  });
});
