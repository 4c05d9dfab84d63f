/**
 * The language rule (modules/localise/language.ts) on issue 55's languages: Thai by its script,
 * Vietnamese, Dutch, Polish, Swedish, Brazilian Portuguese and Mexican Spanish by ELD (a regional
 * variant told as its base language), Indonesian and Malay by their own words or 「无法判断」. Each
 * language's marketplace copy (fixtures/listing-languages-new-markets.ts) passes on its site, and a
 * listing in the wrong language for every new site fails or is unsure, never passes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  LISTING_LANGUAGES,
  type ListingLanguage,
  type ListingText,
  LOCALISE_SITES,
  type LocaliseSite,
} from '@chuhai/contract';
import {
  identifyLanguage,
  listingLanguageRules,
  pictureLanguageRules,
  toldAs,
} from '../src/modules/localise/language.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';
import { COPY, listingIn } from './fixtures/listing-languages.ts';
import { NEW_MARKET_COPY } from './fixtures/listing-languages-new-markets.ts';

const NEW = Object.keys(NEW_MARKET_COPY) as (keyof typeof NEW_MARKET_COPY)[];

/** A site reading `language`: the rule reads nothing else of it. */
const siteFor = (language: ListingLanguage, id = `test-${language}`): LocaliseSite => ({
  id,
  marketplace: 'shopee',
  site: 'XX',
  name: id,
  language,
  imageRules: 'shopee',
});

const verdict = (language: ListingLanguage, text: ListingText) =>
  listingLanguageRules(siteFor(language), text)[0];
const titleOnly = (title: string): ListingText => ({ title, bullets: [], description: '', searchTerms: '' });
const whole = (text: ListingText) => [text.title, ...text.bullets, text.description].join('\n');
/** A translated picture whose drawn blocks say `texts`. */
const picture = (...texts: string[]) =>
  ({
    translated: true,
    made: { blocks: texts.map((text, id) => ({ id, text, hidden: false })) },
  }) as unknown as TranslatedPicture;

/** A language whose listing is easily taken for the site's: the one a careless seller would paste. */
const NEIGHBOUR: Record<(typeof NEW)[number], ListingLanguage> = {
  th: 'en',
  vi: 'fr',
  id: 'ms',
  ms: 'id',
  'pt-BR': 'es-MX',
  'es-MX': 'pt-BR',
  nl: 'de',
  pl: 'en',
  sv: 'de',
};

describe('一键出海: issue 55’s languages, told by the language rule', () => {
  it('reads every whole listing as its language and no title as another', () => {
    for (const language of NEW) {
      for (const i of [0, 1, 2])
        assert.equal(identifyLanguage(whole(listingIn(language, i))).language, toldAs(language), language);
      for (const title of COPY[language].titles) {
        const found = identifyLanguage(title).language;
        assert.ok(found === toldAs(language) || found === null, `${language} title → ${found}: ${title}`);
      }
    }
  });

  it('passes a full listing on its own site and never passes one on a title alone', () => {
    for (const language of NEW) {
      const full = verdict(language, listingIn(language, 1));
      assert.equal(full?.pass, true, `${language}: ${full?.message}`);
      assert.equal(full?.message, `用${LISTING_LANGUAGES[language]}撰写`);
      const title = verdict(language, titleOnly(listingIn(language, 1).title));
      assert.equal(title?.pass, false, `${language} title only: ${title?.message}`);
      assert.equal(title?.unsure, true, `${language} title only: ${title?.message}`);
    }
  });

  it('fails an English listing and the neighbour language’s on every new language, naming both', () => {
    for (const language of NEW) {
      const english = verdict(language, listingIn('en', 0));
      assert.equal(english?.pass, false, `en on ${language}`);
      assert.match(english?.message ?? '', /^listing 读起来是英语，不是站点的/);
      const neighbour = verdict(language, listingIn(NEIGHBOUR[language], 0));
      assert.equal(neighbour?.pass, false, `${NEIGHBOUR[language]} on ${language}: ${neighbour?.message}`);
    }
    assert.equal(
      verdict('pt-BR', listingIn('es-MX', 0))?.message,
      'listing 读起来是西班牙语，不是站点的葡萄牙语（巴西）',
    );
    assert.equal(verdict('nl', listingIn('de', 0))?.message, 'listing 读起来是德语，不是站点的荷兰语');
    assert.equal(verdict('th', listingIn('vi', 0))?.message, 'listing 读起来是越南语，不是站点的泰语');
  });

  it('tells Indonesian from Malay by their own words, and says 无法判断 where no word tells', () => {
    assert.equal(verdict('id', listingIn('id', 0))?.message, '用印尼语撰写');
    assert.equal(verdict('ms', listingIn('id', 0))?.message, 'listing 读起来是印尼语，不是站点的马来语');
    assert.equal(verdict('id', listingIn('ms', 0))?.message, 'listing 读起来是马来语，不是站点的印尼语');
    // Words both write the same: ELD's `ms` cannot say which, and neither can the rule.
    const either: ListingText = {
      title: 'Lampu Meja LED Lipat, Cahaya Lembut untuk Membaca dan Bekerja',
      bullets: ['Cahaya lembut yang tidak menyilaukan mata', 'Lipat dan simpan dengan mudah di dalam laci'],
      description:
        'Lampu meja ini ringan dan mudah dibawa ke mana sahaja, dengan tiga tahap kecerahan untuk membaca dan bekerja pada waktu malam.'.replace(
          'sahaja',
          'saja',
        ),
      searchTerms: '',
    };
    const found = identifyLanguage(whole(either));
    assert.equal(found.language, null);
    assert.deepEqual(found.oneOf, ['id', 'ms']);
    for (const language of ['id', 'ms'] as const) {
      const unsure = verdict(language, either);
      assert.equal(unsure?.pass, false);
      assert.equal(unsure?.unsure, true, unsure?.message);
    }
    // Said as what it is, not as too little text.
    assert.equal(verdict('id', either)?.message, '读起来是印尼语或马来语，两者分不出，无法判断是不是印尼语');
    const [onPicture] = pictureLanguageRules(siteFor('ms'), [picture(either.description)], []);
    assert.equal(onPicture?.message, '图上译文读起来是印尼语或马来语，两者分不出，无法判断是不是马来语');
    assert.equal(onPicture?.unsure, true);
    // On a site of neither, it is still the wrong language.
    assert.equal(verdict('en', either)?.message, 'listing 读起来是印尼语或马来语，不是站点的英语');
  });

  it('reads Spain’s Spanish as Spanish for Mexico: a regional variant is told as its base language', () => {
    const spain = verdict('es-MX', listingIn('es', 0));
    assert.equal(spain?.pass, true, spain?.message);
    assert.equal(spain?.message, '用西班牙语（墨西哥）撰写');
    assert.equal(verdict('es', listingIn('es-MX', 0))?.pass, true);
  });

  it('does not judge a two-word bullet on its own: 「Tapa antiderrame」 reads as Italian to ELD', () => {
    assert.equal(identifyLanguage('Tapa antiderrame').language, 'it');
    const text = listingIn('es-MX', 0);
    assert.ok(text.bullets.includes('Tapa antiderrame'));
    assert.deepEqual(
      listingLanguageRules(siteFor('es-MX'), text).map((r) => [r.place, r.pass]),
      [['全文', true]],
    );
    // A bullet with a phrase's worth of another language's words is still caught.
    const english = {
      ...text,
      bullets: [...text.bullets, 'Keeps drinks cold for a whole day and hot for twelve hours'],
    };
    assert.deepEqual(
      listingLanguageRules(siteFor('es-MX'), english).map((r) => [r.place, r.pass]),
      [
        ['全文', false],
        ['五点描述 5', false],
      ],
    );
  });

  it('reads Vietnamese typed with combining marks as the same Vietnamese', () => {
    const text = whole(listingIn('vi', 0));
    assert.notEqual(text.normalize('NFD'), text);
    assert.equal(identifyLanguage(text.normalize('NFD')).language, 'vi');
  });
});

describe('一键出海: issue 55’s languages drawn on a translated picture', () => {
  it('passes Thai and Vietnamese selling points on their sites and fails them on each other’s', () => {
    const thai = picture('เก็บความเย็น 24 ชั่วโมง', 'ฝาปิดกันรั่วซึม');
    const vietnamese = picture('Giữ lạnh suốt 24 giờ', 'Nắp chống tràn tuyệt đối');
    const [th, viOnTh] = pictureLanguageRules(siteFor('th'), [thai, vietnamese], []);
    assert.equal(th?.message, '图上译文是泰语');
    assert.equal(viOnTh?.message, '图上译文读起来是越南语，不是站点的泰语');
    const [thOnVi] = pictureLanguageRules(siteFor('vi'), [thai], []);
    assert.equal(thOnVi?.pass, false);
    const [pt] = pictureLanguageRules(
      siteFor('pt-BR'),
      [picture('Mantém a bebida gelada o dia inteiro', 'Tampa que não vaza')],
      [],
    );
    assert.equal(pt?.message, '图上译文是葡萄牙语（巴西）');
  });
});

describe('一键出海: every site offered', () => {
  it('passes a listing in the site’s language and fails one in another (English, or Mexican Spanish on an English site)', () => {
    for (const site of LOCALISE_SITES) {
      const own = listingLanguageRules(site, listingIn(site.language, 2))[0];
      assert.equal(own?.pass, true, `${site.id}: ${own?.message}`);
      const other = site.language === 'en' ? 'es-MX' : 'en';
      const wrong = listingLanguageRules(site, listingIn(other, 2))[0];
      assert.equal(wrong?.pass, false, `${site.id}: a listing in ${other} passed`);
    }
  });
});
