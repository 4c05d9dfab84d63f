import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChatRouter } from '../src/channels/index.ts';
import { reportCsv } from '../src/modules/batch/archive.ts';
import { pictureRules } from '../src/modules/localise/report.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';
import { keepNumbers, lostNumbers } from '../src/modules/translate/numbers-kept.ts';
import { translateBlocks } from '../src/modules/translate/translate-text.ts';
import { setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { csvAsRead } from './csv-helpers.ts';
import type { Writing } from './fakes/chinese-text.ts';
import { translateDrawn } from './translate-helpers.ts';

describe('图片翻译 · numbers kept (no model)', () => {
  // [source block, translation, the source numbers it loses]
  const table: [string, string, string[]][] = [
    ['168元', '¥168', []],
    ['168元', '168 yuan', []],
    ['168元', 'CNY 168', []],
    ['168元', 'RMB168', []],
    ['168元', '168元', []],
    ['168 元', '168 Yuan', []],
    // The yuan as Vietnamese and Polish name it.
    ['168元', '168 nhân dân tệ', []],
    ['168元', '168 NDT', []],
    ['168元', '168 juanów', []],
    ['¥168', '¥ 168', []],
    ['￥１６８', '¥168', []],
    ['99.9元', '¥99,90', []],
    ['9块9包邮', '¥9.9 free shipping', []],
    ['168元', 'yuan', ['168元']],
    ['168元', 'Price', ['168元']],
    ['168元', '168', ['168元']],
    ['168元', '$168', ['168元']],
    ['168元', '1,68 yuan', ['168元']],
    ['1.5L', '1,5 L', []],
    ['1.5L', '1.5 l', []],
    ['1.5L', '15 L', ['1.5L']],
    ['1.5L', '1.5 litres', ['1.5L']],
    ['750ml', '750 mL', []],
    ['100%桑蚕丝', '100% silk', []],
    ['100%桑蚕丝', '100 % soie', []],
    ['100%桑蚕丝', 'Pure silk', ['100%']],
    ['100%桑蚕丝', '100 silk', ['100%']],
    ['X-200型号', 'Model X-200', []],
    ['X-200型号', 'Model X200', []],
    ['X-200型号', 'Model 200', ['X-200']],
    ['10-20cm', '10–20 cm', []],
    ['10-20cm', '10 to 20 cm', []],
    ['10-20cm', '20 cm', ['10']],
    ['30x40cm', '30 × 40 cm', []],
    ['尺码36,37,38', 'Sizes 36, 37, 38', []],
    ['38码', 'EU size 38', []],
    ['1,000件', '1000 pcs', []],
    ['1,000件', '1 000 pièces', []],
    ['1,000件', '1.000 Stück', []],
    ['1万mAh', '10,000mAh', []],
    ['1万mAh', '1万mAh', []],
    ['5G手机', '5G phone', []],
    ['3层面料', '3-layer fabric', []],
    ['一百六十八元', 'yuan', []],
    ['防水透气', 'Waterproof', []],
  ];
  for (const [source, translation, lost] of table)
    it(`「${source}」 → "${translation}": ${lost.length ? `loses ${lost.join(', ')}` : 'kept'}`, () => {
      assert.deepEqual(
        lostNumbers(source, translation).map((n) => n.text),
        lost,
      );
    });

  it('puts a lost number back: beside its value when only the sign or unit is missing, else at the end', () => {
    assert.deepEqual(keepNumbers('168元', 'yuan'), { text: '¥168', added: ['¥168'] });
    assert.deepEqual(keepNumbers('限时特惠 168元', 'Limited-time offer'), {
      text: 'Limited-time offer ¥168',
      added: ['¥168'],
    });
    assert.deepEqual(keepNumbers('限时特惠 168元', 'Only 168 today'), {
      text: 'Only ¥168 today',
      added: ['¥168'],
    });
    assert.deepEqual(keepNumbers('100%桑蚕丝', 'Pure silk'), { text: 'Pure silk 100%', added: ['100%'] });
    assert.deepEqual(keepNumbers('X-200型号', 'Model 200'), { text: 'Model X-200', added: ['X-200'] });
    assert.deepEqual(keepNumbers('750ml大容量', '750 large'), { text: '750ml large', added: ['750ml'] });
    assert.deepEqual(keepNumbers('168元', '¥168'), { text: '¥168', added: [] });
    // Kept in Vietnamese words: drawn as the model wrote it, not as 「¥168 nhân dân tệ」.
    assert.deepEqual(keepNumbers('限时特惠 168元', 'Ưu đãi có hạn 168 nhân dân tệ'), {
      text: 'Ưu đãi có hạn 168 nhân dân tệ',
      added: [],
    });
    for (const [source, translation] of table.map(([s, t]) => [s, t] as const))
      assert.deepEqual(
        lostNumbers(source, keepNumbers(source, translation).text),
        [],
        `${source} → ${translation}`,
      );
  });
});

/** A chat router that answers each translation request with `answer(block text, attempt)`. */
function scriptedChat(answer: (text: string, attempt: number) => string) {
  const asked: string[][] = [];
  const chat = {
    complete: async (request: { messages: { role: string; content: string }[] }) => {
      asked.push(request.messages.map((m) => m.content));
      const blocks = JSON.parse(request.messages[1]?.content ?? '{}').blocks as {
        id: number;
        text: string;
      }[];
      const attempt = asked.length;
      return {
        text: JSON.stringify({ blocks: blocks.map((b) => ({ id: b.id, text: answer(b.text, attempt) })) }),
        usage: null,
      };
    },
  } as unknown as ChatRouter;
  return { chat, asked };
}

const ask = (text: string, target = 'en') => ({
  blocks: [{ id: 1, text }],
  target,
  terms: [],
  model: 'test-model',
  purpose: 'translate' as const,
  userId: 1,
});

describe('图片翻译 · a translation that drops a number (translateBlocks)', () => {
  it('asks once more, naming the number, when the answer writes "yuan" for 「168元」', async () => {
    const { chat, asked } = scriptedChat((_, attempt) => (attempt === 1 ? 'yuan' : '¥168'));
    const answer = await translateBlocks(chat, ask('168元'));
    assert.equal(asked.length, 2, 'the one repair request');
    assert.match(
      asked[1]?.at(-1) ?? '',
      /repair: .*drops numbers.*block 1: write the price "168元" as "¥168"/,
    );
    assert.equal(answer.texts.get(1), '¥168');
    assert.deepEqual(answer.restored, [], 'the repair kept it: nothing to check');
  });

  it('when the repair drops it too: drawn with the number kept, and reported', async () => {
    const { chat, asked } = scriptedChat(() => 'Price');
    const answer = await translateBlocks(chat, ask('限时特惠 168元'));
    assert.equal(asked.length, 2, 'no third request');
    assert.equal(answer.texts.get(1), 'Price ¥168');
    assert.deepEqual(answer.restored, [{ source: '限时特惠 168元', added: ['¥168'] }]);
  });

  it('a price kept as "¥168" or "168 yuan", "1,5 L" in German and "100% silk" are not asked again', async () => {
    for (const [source, translation, target] of [
      ['168元', '¥168', 'en'],
      ['168元', '168 yuan', 'en'],
      ['1.5L', '1,5 L', 'de'],
      ['100%桑蚕丝', '100% silk', 'en'],
    ] as const) {
      const { chat, asked } = scriptedChat(() => translation);
      const answer = await translateBlocks(chat, ask(source, target));
      assert.equal(asked.length, 1, `${source} → ${translation}: one request`);
      assert.equal(answer.texts.get(1), translation);
      assert.deepEqual(answer.restored, []);
    }
  });

  it('the prompt gives the price example', async () => {
    const { chat, asked } = scriptedChat(() => '¥168');
    await translateBlocks(chat, ask('168元'));
    assert.match(asked[0]?.[0] ?? '', /"168元" becomes "¥168" or "168 yuan"/);
  });
});

describe('图片翻译 · numbers through the service (fake model)', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    await ctx.app.ready();
    await setFreeLimit(ctx.app, 'translate', 50);
  });
  after(() => ctx?.close());

  const line = (text: string, top: number): Writing => ({ text, left: 60, top, size: 56, color: '#1d3557' });
  const requests = () =>
    ctx.fake.requests.filter((r) => r.messages.some((m) => m.content.includes('[image-text-translation]')))
      .length;
  const translate = async (writings: Writing[]) => {
    const before = requests();
    const result = await translateDrawn(ctx.app, ctx.token, { width: 800, height: 400 }, writings);
    return { result, asked: requests() - before, texts: result.blocks.map((b) => b.text).join(' | ') };
  };

  it('a price the model keeps is drawn as it wrote it, after one request and with no flag', async () => {
    const { result, asked, texts } = await translate([line('包邮 168元', 120)]);
    assert.equal(asked, 1);
    assert.match(texts, /168 yuan/);
    assert.deepEqual(result.restoredNumbers, []);
  });

  it('a model that drops 「168元」 once is asked again, and the repair is drawn', async () => {
    const { result, asked, texts } = await translate([line('数字测试 168元', 120)]);
    assert.equal(asked, 2);
    assert.match(texts, /168 yuan/);
    assert.deepEqual(result.restoredNumbers, []);
  });

  it('a model that never keeps it: 168 is drawn all the same, and the result says so', async () => {
    const { result, asked, texts } = await translate([line('顽固数字 168元', 120)]);
    assert.equal(asked, 2, 'no third request');
    assert.match(texts, /¥168/);
    assert.equal(result.restoredNumbers?.length, 1, JSON.stringify(result.restoredNumbers));
    assert.deepEqual(result.restoredNumbers?.[0]?.added, ['¥168'], JSON.stringify(result.restoredNumbers));
  });
});

describe('一键出海 report · numbers put back', () => {
  it('warns on the picture, naming the number, without blocking 可以上架', () => {
    const picture = {
      translated: true,
      residual: 0,
      overflow: 0,
      missedTerms: [],
      restoredNumbers: [{ source: '限时特惠 168元', added: ['¥168'] }],
    } as unknown as TranslatedPicture;
    const rules = pictureRules([picture]);
    const numbers = rules.find((r) => r.ruleId === 'picture.numbers');
    assert.ok(numbers, JSON.stringify(rules));
    assert.equal(numbers.level, 'recommended');
    assert.equal(numbers.pass, false);
    assert.match(numbers.message, /^1 处数字已补回：.*¥168/);
    assert.equal(numbers.place, '详情图 1');
    const clean = pictureRules([{ ...picture, restoredNumbers: [] }]);
    assert.equal(clean.filter((r) => r.ruleId === 'picture.numbers').length, 0);
  });

  it('quotes only the lines that hold the numbers put back, not a whole facts sheet read as one block', () => {
    // PaddleOCR's conditioner facts sheet (doc/imgs/11.jpg): its lines came as one block, quoted whole.
    const source = [
      '产品信息/参数',
      '（45元/每公斤，100公斤起订）',
      '每瓶22元，1000瓶起订）',
      '【品牌】：代加工方式/OEM ODM',
      '【产品编号】：YM-X-3011',
      '【净含量】：220ml',
    ].join('\n');
    const picture = {
      translated: true,
      residual: 0,
      overflow: 0,
      missedTerms: [],
      restoredNumbers: [{ source, added: ['¥45', '¥22'] }],
    } as unknown as TranslatedPicture;
    const numbers = pictureRules([picture]).find((r) => r.ruleId === 'picture.numbers');
    assert.equal(
      numbers?.message,
      '2 处数字已补回：AI 译文漏了 「（45元/每公斤，100公斤起订） 每瓶22元，1000瓶起订）」 里的 ¥45、¥22，已按原文补上',
    );
  });
});

describe('批量处理 report.csv · numbers put back', () => {
  it('has a row for the numbers put back into a translated image', () => {
    const translation = { residual: 0, overflow: 0, productText: [], missedTerms: [] };
    const csv = csvAsRead(
      reportCsv([
        {
          name: 'dress.jpg',
          status: 'done',
          reason: '',
          verdicts: [],
          translation: { ...translation, restoredNumbers: ['¥168'] },
        },
        { name: 'clean.jpg', status: 'done', reason: '', verdicts: [], translation },
      ]),
    );
    assert.match(csv, /dress\.jpg,,图片翻译,数字和单位,建议,1 处数字已补回：¥168,不通过,/);
    assert.doesNotMatch(csv, /clean\.jpg,,图片翻译,数字和单位/);
  });
});
