/**
 * The language rule on a picture whose translation the detector scores close to a neighbour
 * language: ELD gives Swedish 0.68 and Norwegian 0.64 on the twenty Swedish words of CnOCR's
 * taobao4 dress poster, Spanish 0.75 and Portuguese 0.70 on alimama's baby-shoe poster. Unsure is
 * right (the seller confirms it); 「图上译文太少」 was not: the picture is full of words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ListingLanguage, LocaliseSite } from '@chuhai/contract';
import { listingLanguageRules, pictureLanguageRules } from '../src/modules/localise/language.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';

const siteFor = (language: ListingLanguage): LocaliseSite => ({
  id: `test-${language}`,
  marketplace: 'shopee',
  site: 'XX',
  name: `test-${language}`,
  language,
  imageRules: 'shopee',
});
const picture = (...texts: string[]) =>
  ({
    translated: true,
    made: { blocks: texts.map((text, id) => ({ id, text, hidden: false })) },
  }) as unknown as TranslatedPicture;

const SWEDISH_DRESS = [
  'Jättevacker',
  '100 % mullbärssiden',
  'Noggrant utvalt högkvalitetstyg\nOriginalprodukt med äkthetsgaranti',
  '168 yuan',
  'Dagens kampanjpris\nSpara eller följ vår butik\nFå en rabattkupong på köpet',
];
const SPANISH_SHOES = [
  'Forrado de felpa para invierno',
  'Zapatos de bebé para primeros pasos / Suela suave antiderrapante',
];

describe('a translation the detector scores close to a neighbour language', () => {
  it('is unsure and names the languages it reads like, not 「太少」', () => {
    const [swedish] = pictureLanguageRules(siteFor('sv'), [picture(...SWEDISH_DRESS)], []);
    assert.equal(swedish?.pass, false);
    assert.equal(swedish?.unsure, true);
    assert.equal(swedish?.message, '图上译文读起来像瑞典语或挪威语，分不出是哪一种，无法判断是不是瑞典语');
    const [spanish] = pictureLanguageRules(siteFor('es-MX'), [picture(...SPANISH_SHOES)], []);
    assert.equal(spanish?.unsure, true);
    assert.match(spanish?.message ?? '', /^图上译文读起来像西班牙语或葡萄牙语，/);
  });

  it('still says 「太少」 for a word or two, on a picture and in a listing', () => {
    // Spanish 0.76, Portuguese 0.71: as close, but two words are too few to say more.
    const [words] = pictureLanguageRules(siteFor('es-MX'), [picture('Suela suave')], []);
    assert.equal(words?.message, '图上译文太少，无法判断是不是西班牙语（墨西哥）');
    const [title] = listingLanguageRules(siteFor('sv'), {
      title: 'Jättevacker klänning i mullbärssiden',
      bullets: [],
      description: '',
      searchTerms: '',
    });
    assert.equal(title?.message, '内容太少，无法判断是不是瑞典语');
  });
});
