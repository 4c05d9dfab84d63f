/**
 * 一键出海's language check (modules/localise/language.ts): a listing reads as the language its
 * small words say; too little text says nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLocaliseSite } from '@chuhai/contract';
import { listingLanguageRule, writtenLanguage } from '../src/modules/localise/language.ts';

const ENGLISH =
  'This insulated water bottle keeps drinks cold for a full day and hot for twelve hours. The lid seals tight and the slim body fits car cup holders.';
const GERMAN =
  'Diese Trinkflasche hält Getränke einen ganzen Tag kalt. Die doppelte Wand aus Edelstahl schwitzt nicht, der Deckel ist dicht und die Form passt in die Tasche.';

describe('一键出海: the language a listing is written in', () => {
  it('tells English, German, French, Italian, Spanish and Japanese copy apart', () => {
    assert.equal(writtenLanguage(ENGLISH), 'en');
    assert.equal(writtenLanguage(GERMAN), 'de');
    assert.equal(
      writtenLanguage(
        'Cette gourde garde les boissons froides toute la journée, et le bouchon est étanche pour votre sac.',
      ),
      'fr',
    );
    assert.equal(
      writtenLanguage(
        'Questa borraccia mantiene le bevande fredde per tutto il giorno e il tappo è a tenuta nello zaino con gli amici.',
      ),
      'it',
    );
    assert.equal(
      writtenLanguage(
        'Esta botella mantiene las bebidas frías todo el día y la tapa es hermética para la mochila del niño.',
      ),
      'es',
    );
    assert.equal(writtenLanguage('この保温ボトルは飲み物を一日中冷たく保ちます。'), 'ja');
  });

  it('says nothing about a title alone or a list of nouns', () => {
    assert.equal(writtenLanguage('Insulated Stainless Steel Water Bottle 750 ml, Leak-Proof Lid'), null);
  });

  it('fails Amazon DE for an English listing, in Chinese, with what to do; passes a German one', () => {
    const site = findLocaliseSite('amazon-DE');
    assert.ok(site);
    const text = { title: 'Water Bottle', bullets: [], searchTerms: '' };
    const english = listingLanguageRule(site, { ...text, description: ENGLISH });
    assert.equal(english.pass, false);
    assert.equal(english.level, 'required');
    assert.equal(english.message, 'listing 读起来是英语，不是站点的德语');
    assert.match(english.todo, /改成德语/);
    assert.equal(listingLanguageRule(site, { ...text, description: GERMAN }).pass, true);
  });
});
