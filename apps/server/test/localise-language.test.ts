/**
 * 一键出海's language check (modules/localise/language.ts, issue 50 #1): a listing and the text drawn
 * on each translated picture read as the site's language, told by a language library with the
 * script rule on top; too little to tell is said as such and is never a pass.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  findLocaliseSite,
  type ListingLanguage,
  type ListingText,
  type LocaliseSite,
} from '@chuhai/contract';
import {
  identifyLanguage,
  listingLanguageRules,
  pictureLanguageRules,
} from '../src/modules/localise/language.ts';
import { readyToList } from '../src/modules/localise/report.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';
import { COPY, listingIn, MIXED } from './fixtures/listing-languages.ts';

const site = (id: string): LocaliseSite => {
  const found = findLocaliseSite(id);
  assert.ok(found, id);
  return found;
};
// The first seven languages; issue 55's are in language-new-markets.test.ts.
const SITES = {
  en: site('amazon-US'),
  de: site('amazon-DE'),
  fr: site('amazon-FR'),
  it: site('amazon-IT'),
  es: site('amazon-ES'),
  ja: site('amazon-JP'),
  'zh-TW': site('shopee-TW'),
} satisfies Partial<Record<ListingLanguage, LocaliseSite>>;
const LANGUAGES = Object.keys(SITES) as (keyof typeof SITES)[];

const verdict = (on: LocaliseSite, text: ListingText) => {
  const rules = listingLanguageRules(on, text);
  return { rules, first: rules[0], ready: readyToList(rules) };
};
const titleOnly = (title: string): ListingText => ({ title, bullets: [], description: '', searchTerms: '' });

describe('一键出海: the language a listing is written in', () => {
  it('tells every whole listing of the six languages right and most titles and bullets, never one wrong', () => {
    for (const language of LANGUAGES) {
      for (const i of [0, 1, 2]) {
        const text = listingIn(language, i);
        const all = [text.title, ...text.bullets, text.description].join('\n');
        assert.equal(identifyLanguage(all).language, language, all);
      }
      for (const short of [...COPY[language].titles, ...COPY[language].bullets]) {
        const found = identifyLanguage(short).language;
        assert.ok(found === language || found === null, `${short}: ${found}`);
      }
    }
    // Most single titles and bullets are told too (measured: 96% and 87%, bench/language-id.ts).
    const told = (texts: [ListingLanguage, string][]) =>
      texts.filter(([language, text]) => identifyLanguage(text).language === language).length / texts.length;
    const of = (kind: 'titles' | 'bullets') =>
      LANGUAGES.flatMap((l) => COPY[l][kind].map((text): [ListingLanguage, string] => [l, text]));
    assert.ok(told(of('titles')) >= 0.9, `titles told: ${told(of('titles'))}`);
    assert.ok(told(of('bullets')) >= 0.8, `bullets told: ${told(of('bullets'))}`);
    for (const mixed of MIXED) {
      const found = identifyLanguage(mixed.text).language;
      assert.ok(found === mixed.language || found === null, `${mixed.what}: ${found}`);
    }
  });

  it('passes a full listing on its own site and fails it on every other, naming both languages', () => {
    for (const written of LANGUAGES)
      for (const on of LANGUAGES) {
        const { first, ready } = verdict(SITES[on], listingIn(written, 1));
        assert.equal(first?.pass, written === on, `${written} on ${on}: ${first?.message}`);
        assert.equal(ready, written === on);
        if (written !== on)
          assert.match(first?.message ?? '', /^listing 读起来是.+(语|中文)，不是站点的.+(语|中文)$/);
      }
  });

  it('fails an English listing on Amazon DE and JP, with what to do in Chinese', () => {
    const english = listingIn('en', 0);
    const de = verdict(SITES.de, english).first;
    assert.equal(de?.pass, false);
    assert.equal(de?.level, 'required');
    assert.equal(de?.message, 'listing 读起来是英语，不是站点的德语');
    assert.match(de?.todo ?? '', /改成德语/);
    assert.equal(verdict(SITES.ja, english).first?.message, 'listing 读起来是英语，不是站点的日语');
  });

  it('fails an English listing of fragments ("BPA free", "Leakproof lid") on Amazon JP and DE', () => {
    const fragments: ListingText = {
      title: 'Kids Water Bottle with Straw, BPA Free, Dishwasher Safe',
      bullets: ['BPA free', 'Leakproof lid', 'Dishwasher safe', 'Soft silicone straw', 'Fits small hands'],
      description: 'Easy to clean. Keeps water cold for school, sports and travel.',
      searchTerms: '',
    };
    for (const on of [SITES.ja, SITES.de]) {
      const { first, ready } = verdict(on, fragments);
      assert.equal(first?.pass, false, on.id);
      assert.match(first?.message ?? '', /读起来是英语/);
      assert.equal(ready, false);
    }
  });

  it('fails a listing of kanji without kana on Amazon JP: it reads as Chinese', () => {
    const kanji: ListingText = {
      title: '保温杯 不锈钢 大容量 750毫升 防漏',
      bullets: ['真空双层保温保冷二十四小时', '食品级不锈钢内胆无异味', '适配车载杯架'],
      description: '这款保温水杯保冷一整天、保热十二小时，杯盖密封不漏水，细长杯身放得进车载杯架和背包侧袋。',
      searchTerms: '',
    };
    const { first, ready } = verdict(SITES.ja, kanji);
    assert.equal(first?.pass, false);
    assert.equal(first?.message, 'listing 读起来是中文，不是站点的日语');
    assert.equal(ready, false);
  });

  it('says a title alone is too little to tell, in Chinese, and that is not 可以上架', () => {
    for (const language of LANGUAGES) {
      const { first, ready } = verdict(SITES[language], titleOnly(COPY[language].titles[0] as string));
      assert.equal(first?.pass, false, language);
      assert.equal(first?.level, 'required');
      assert.match(first?.message ?? '', /^内容太少，无法判断是不是.+(语|中文)$/);
      assert.equal(first?.todo, '在 Listing 工作台打开核对语言，是站点的语言就点「我已核对」');
      // Unsure, not wrong: the seller may confirm it on the report.
      assert.equal(first?.unsure, true);
      assert.equal(ready, false);
    }
    assert.equal(
      verdict(SITES.de, titleOnly(COPY.de.titles[0] as string)).first?.message,
      '内容太少，无法判断是不是德语',
    );
  });

  it('a few English words the detector takes for Dutch are unsure, not wrong: the seller can confirm them', () => {
    const few: ListingText = {
      title: 'Steel Cup 750 ml',
      bullets: ['Cold 24 h'],
      description: 'Steel cup.',
      searchTerms: '',
    };
    const { rules, first } = verdict(SITES.en, few);
    assert.deepEqual(
      rules.map((r) => [r.place, r.message, r.unsure]),
      [['全文', '内容太少，无法判断是不是英语', true]],
    );
    assert.equal(first?.pass, false);
    // The script still decides on a few words: kanji alone is Chinese on Amazon JP, not unsure.
    assert.equal(verdict(SITES.ja, titleOnly('不锈钢保温杯')).first?.unsure, undefined);
  });

  it('decides from title-only to full length: unsure, then the language once the copy is long enough', () => {
    for (const language of LANGUAGES) {
      const full = listingIn(language, 2);
      const lengths = [
        titleOnly(full.title),
        { ...full, bullets: full.bullets.slice(0, 2), description: '' },
        full,
      ];
      const passes = lengths.map((text) => verdict(SITES[language], text).first?.pass);
      assert.equal(passes[0], false, `${language}: title only`);
      assert.equal(passes[2], true, `${language}: the whole listing`);
    }
  });

  it('passes a German listing with English tech terms (USB-C, Bluetooth, Active Noise Cancelling)', () => {
    const german: ListingText = {
      title: 'Bluetooth 5.3 Kopfhörer mit Active Noise Cancelling, USB-C Fast Charging, 40 Std. Akku',
      bullets: [
        'Active Noise Cancelling: blendet Straßenlärm und Motorengeräusche zuverlässig aus',
        'USB-C Schnellladen: 10 Minuten Laden für 2 Stunden Musik',
        'Bluetooth 5.3 für eine stabile Verbindung mit Smartphone, Tablet und Laptop',
        'Dual-Mic mit Noise Reduction für klare Calls im Homeoffice',
      ],
      description:
        'Die Kopfhörer sitzen bequem und leicht im Ohr. Dank Active Noise Cancelling hören Sie nur Ihre Musik, und das Ladecase mit USB-C lädt die Kopfhörer unterwegs bis zu viermal auf.',
      searchTerms: '',
    };
    const { rules, ready } = verdict(SITES.de, german);
    assert.deepEqual(
      rules.map((r) => [r.place, r.pass, r.message]),
      [['全文', true, '用德语撰写']],
    );
    assert.equal(ready, true);
  });

  it('fails a German listing whose description is English, saying which part', () => {
    const text = { ...listingIn('de', 0), description: COPY.en.descriptions[0] as string };
    const { rules, ready } = verdict(SITES.de, text);
    assert.equal(ready, false);
    const parts = rules.filter((r) => !r.pass).map((r) => [r.place, r.message]);
    assert.deepEqual(parts.slice(1), [['描述', '读起来是英语，不是站点的德语']]);
    assert.equal(rules[0]?.message, '不全是德语：描述不是');
  });

  it('fails Chinese characters left in a French listing, quoting them', () => {
    const text = listingIn('fr', 1);
    text.bullets = [...text.bullets.slice(0, 3), 'Bouchon étanche 防漏盖'];
    const { rules, ready } = verdict(SITES.fr, text);
    assert.equal(ready, false);
    assert.ok(
      rules.some((r) => r.place === '五点描述 4' && r.message === '含有中文「防漏盖」'),
      JSON.stringify(rules),
    );
  });
});

/** A translated picture whose drawn blocks say `texts` (only what the language rule reads). */
const picture = (...texts: string[]) =>
  ({
    translated: true,
    made: { blocks: texts.map((text, id) => ({ id, text, hidden: false })) },
  }) as unknown as TranslatedPicture;
const untranslated = { translated: false, made: null } as unknown as TranslatedPicture;

describe('一键出海: the language drawn on each translated picture', () => {
  it('passes the site’s language, fails another, says unsure for a word or two, and passes numbers and the seller’s brand', () => {
    const rules = pictureLanguageRules(
      SITES.de,
      [
        picture('Wasserdicht und atmungsaktiv', 'Doppellagiger Stoff für jedes Wetter'),
        picture('Waterproof and breathable', 'Double-layer fabric for any weather'),
        picture('Dicht'),
        picture('750 ml', '24 h', 'XL', 'Chuhai'),
        untranslated,
      ],
      [{ source: '出海牌', translation: 'Chuhai' }],
    );
    assert.deepEqual(
      rules.map((r) => [r.place, r.ruleId, r.level, r.pass, r.message]),
      [
        ['详情图 1', 'picture.language', 'required', true, '图上译文是德语'],
        ['详情图 2', 'picture.language', 'required', false, '图上译文读起来是英语，不是站点的德语'],
        ['详情图 3', 'picture.language', 'required', false, '图上译文太少，无法判断是不是德语'],
        ['详情图 4', 'picture.language', 'required', true, '译文只有数字、单位或术语表里的词，不用判断语言'],
      ],
    );
    assert.match(rules[2]?.todo ?? '', /图片翻译编辑器.*核对/);
  });

  it('fails kanji without kana on a picture for Amazon JP, and passes Japanese', () => {
    const [chinese, japanese] = pictureLanguageRules(
      SITES.ja,
      [picture('防水透气面料', '加厚保暖'), picture('防水で通気性のよい生地', '厚手で暖かい')],
      [],
    );
    assert.equal(chinese?.pass, false);
    assert.equal(chinese?.message, '图上译文读起来是中文，不是站点的日语');
    assert.equal(japanese?.pass, true);
  });
});
