import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  checkListing,
  countBytes,
  countChars,
  fieldLimit,
  type ListingText,
  listingFields,
  MARKETPLACES,
} from '../src/index.ts';
import { listingRulesMarkdown } from '../src/listing/rules-doc.ts';
import { mainImageRulesMarkdown } from '../src/main-image/rules-doc.ts';

const EMPTY: ListingText = { title: '', bullets: [], description: '', searchTerms: '' };
const GOOD_BULLETS = [
  'Keeps Drinks Cold for 24 Hours: double-wall vacuum insulation',
  'Leak-Proof Lid: carry it in a bag without worry',
  'Food-Grade Stainless Steel: no metallic taste',
  'Fits Car Cup Holders: slim 7.5 cm base',
  'What You Get: one 750 ml bottle and a cleaning brush',
];
const amazon = (listing: Partial<ListingText>, language: 'en' | 'de' | 'ja' = 'en', brand = '') =>
  checkListing({ ...EMPTY, bullets: GOOD_BULLETS, ...listing }, 'amazon', { language, brand });
const ids = (issues: { ruleId: string }[]) => issues.map((i) => i.ruleId);

describe('Amazon title rules (2025)', () => {
  it('allows 200 characters with spaces and refuses 201, saying both numbers', () => {
    assert.deepEqual(ids(amazon({ title: 'a'.repeat(150) })), []);
    assert.deepEqual(ids(amazon({ title: 'a'.repeat(200) })), ['amazon.title.concise']);
    const issues = amazon({ title: 'a'.repeat(201) });
    assert.equal(issues[0]?.ruleId, 'amazon.title.length');
    assert.equal(issues[0]?.level, 'required');
    assert.equal(issues[0]?.message, '标题 201 个字符，上限 200');
  });

  it('counts characters, not UTF-16 units: an emoji or a kanji is one', () => {
    assert.equal(countChars('😀水ü'), 3);
    assert.ok(!ids(amazon({ title: '水'.repeat(200) }, 'ja')).includes('amazon.title.length'));
    assert.ok(ids(amazon({ title: '水'.repeat(201) }, 'ja')).includes('amazon.title.length'));
  });

  it('refuses ! $ ? _ { } ^ ¬ ¦ except inside the brand', () => {
    const issues = amazon({ title: 'Water Bottle! Best_Price?' });
    assert.equal(issues[0]?.ruleId, 'amazon.title.chars');
    assert.match(issues[0]?.message ?? '', /! _ \?/);
    assert.deepEqual(ids(amazon({ title: 'Yahoo! Kids Water Bottle' }, 'en', 'Yahoo!')), []);
  });

  it('refuses a word a third time, case-insensitively, but not articles, prepositions or conjunctions', () => {
    const issues = amazon({ title: 'Bottle for Water, Water Bottle with Straw, Kids Water Bottle' });
    assert.deepEqual(ids(issues), ['amazon.title.repeats']);
    assert.match(issues[0]?.message ?? '', /「bottle」3 次、「water」3 次/);
    assert.deepEqual(ids(amazon({ title: 'Bottle with Lid and Straw, with Brush and Bag, with Strap' })), []);
    assert.deepEqual(
      ids(amazon({ title: 'Flasche mit Deckel und Strohhalm, mit Bürste und Tasche, mit Gurt' }, 'de')),
      [],
    );
  });

  it('refuses promotional phrases in any case, but not words that merely contain them', () => {
    assert.deepEqual(ids(amazon({ title: 'Water Bottle FREE SHIPPING' })), ['amazon.title.promotional']);
    assert.deepEqual(ids(amazon({ title: 'Trinkflasche Kostenloser Versand' }, 'de')), [
      'amazon.title.promotional',
    ]);
    assert.deepEqual(ids(amazon({ title: 'Wholesale Water Bottle' })), []);
  });
});

describe('Amazon bullets, description and search terms', () => {
  it('wants five bullets: six break the rule, four are only a recommendation', () => {
    const six = amazon({ title: 'Bottle', bullets: [...GOOD_BULLETS, 'One more'] });
    assert.deepEqual(
      six.map((i) => [i.ruleId, i.level]),
      [['amazon.bullets.max', 'required']],
    );
    const four = amazon({ title: 'Bottle', bullets: GOOD_BULLETS.slice(0, 4) });
    assert.deepEqual(
      four.map((i) => [i.ruleId, i.level]),
      [['amazon.bullets.min', 'recommended']],
    );
  });

  it('names the bullet that has a banned symbol, an emoji or a web address', () => {
    const bullets = [...GOOD_BULLETS];
    bullets[1] = 'Premium Quality™ bottle';
    bullets[3] = 'Loved by kids 😀';
    bullets[4] = 'See www.example.com for more';
    const issues = amazon({ title: 'Bottle', bullets });
    assert.deepEqual(
      issues.map((i) => [i.ruleId, i.index]),
      [
        ['amazon.bullets.chars', 1],
        ['amazon.bullets.emoji', 3],
        ['amazon.bullets.contact', 4],
      ],
    );
    assert.equal(issues[0]?.message, '第 2 条含不允许的字符 ™');
  });

  it('counts search terms in UTF-8 bytes: 125 German ü fit in 250 bytes, 84 kanji do not', () => {
    assert.equal(countBytes('ü'), 2);
    assert.equal(countBytes('水'), 3);
    assert.deepEqual(ids(amazon({ title: 'Flasche', searchTerms: 'ü'.repeat(125) }, 'de')), []);
    const issues = amazon({ title: 'ボトル', searchTerms: '水'.repeat(84) }, 'ja');
    assert.deepEqual(ids(issues), ['amazon.searchTerms.bytes']);
    assert.equal(issues[0]?.message, '搜索关键词 252 字节，上限 250');
    assert.deepEqual(ids(amazon({ title: 'ボトル', searchTerms: '水'.repeat(83) }, 'ja')), []);
  });

  it('allows a 2000-character description and refuses a longer one', () => {
    assert.deepEqual(ids(amazon({ title: 'Bottle', description: 'x'.repeat(2000) })), []);
    assert.deepEqual(ids(amazon({ title: 'Bottle', description: 'x'.repeat(2001) })), [
      'amazon.description.length',
    ]);
  });
});

describe('other marketplaces', () => {
  it('eBay titles stop at 80 characters', () => {
    const check = (title: string) => ids(checkListing({ ...EMPTY, title }, 'ebay', { language: 'en' }));
    assert.deepEqual(check('a'.repeat(80)), []);
    assert.deepEqual(check('a'.repeat(81)), ['ebay.title.length']);
  });

  it('TikTok Shop wants a 25–255 character name without other platforms, and a 30-word description', () => {
    const check = (listing: Partial<ListingText>) =>
      ids(checkListing({ ...EMPTY, ...listing }, 'tiktok', { language: 'en' }));
    const description = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    assert.deepEqual(check({ title: 'Insulated Stainless Steel Water Bottle 750 ml', description }), []);
    assert.deepEqual(check({ title: 'Water Bottle', description }), ['tiktok.title.min']);
    assert.deepEqual(check({ title: 'Insulated Water Bottle as seen on Amazon', description }), [
      'tiktok.title.promotional',
    ]);
    assert.deepEqual(
      check({ title: 'Insulated Stainless Steel Water Bottle 750 ml', description: 'Too short.' }),
      ['tiktok.description.words'],
    );
  });

  it('Temu has only recommendations on length, and says so', () => {
    const issues = checkListing({ ...EMPTY, title: 'a'.repeat(251) }, 'temu', { language: 'en' });
    assert.deepEqual(
      issues.map((i) => [i.ruleId, i.level]),
      [['temu.title.length', 'recommended']],
    );
  });

  it('every rule has a Chinese text and a dated source, and every field counter has a limit where one is written', () => {
    for (const marketplace of Object.values(MARKETPLACES))
      for (const rule of marketplace.rules) {
        assert.match(rule.text, /\p{Script=Han}/u, rule.id);
        assert.match(rule.source, /20\d\d/, rule.id);
        assert.ok(
          listingFields(marketplace.id).includes(rule.field),
          `${rule.id} is on a field ${marketplace.id} has`,
        );
      }
    assert.deepEqual(fieldLimit('amazon', 'title'), { unit: 'chars', limit: 200 });
    assert.deepEqual(fieldLimit('amazon', 'searchTerms'), { unit: 'bytes', limit: 250 });
    assert.deepEqual(fieldLimit('shopee', 'title'), { unit: 'chars', limit: 120 });
    assert.equal(fieldLimit('temu', 'description'), null);
  });
});

describe('docs/listing-rules.md', () => {
  it('says what the rule files say (rewrite it with scripts/write-listing-rules-doc.ts)', () => {
    const doc = readFileSync(new URL('../../../docs/listing-rules.md', import.meta.url), 'utf8');
    assert.equal(doc, listingRulesMarkdown());
  });
});

describe('docs/main-image-rules.md', () => {
  it('says what main-image/rules.ts says', () => {
    const doc = readFileSync(new URL('../../../docs/main-image-rules.md', import.meta.url), 'utf8');
    assert.equal(doc, mainImageRulesMarkdown());
  });
});
