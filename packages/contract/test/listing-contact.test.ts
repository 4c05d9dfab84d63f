/**
 * The listing checks that promise 「没有联系方式」 and 「没有促销用语 / 其他平台」: what sellers really
 * write must not pass (a country's own domain, a WhatsApp number, 「Bestseller」 written as one word,
 * 「TikTokShop」), and what listings are full of must not fail (「Art.Nr.」, phone models, voltages).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkListing, type ListingLanguage, type ListingText, type MarketplaceId } from '../src/index.ts';
import { findContact } from '../src/listing/contact.ts';

const EMPTY: ListingText = { title: '', bullets: [], description: '', searchTerms: '' };
const failed = (marketplace: MarketplaceId, language: ListingLanguage, listing: Partial<ListingText>) =>
  checkListing({ ...EMPTY, ...listing }, marketplace, { language }).filter((i) => i.level === 'required');

describe('contact details in a listing', () => {
  it('finds web addresses on a country’s domain, e-mails and messenger links, as written', () => {
    for (const [text, found] of [
      ['Mehr Farben auf beispiel.de ansehen', 'beispiel.de'],
      ['Visítanos en tienda.mx', 'tienda.mx'],
      ['Order more at shop.my today', 'shop.my'],
      ['Chat: wa.me/6281234567', 'wa.me/6281234567'],
      ['Join t.me/bottleshop', 't.me/bottleshop'],
      ['Escríbenos a ventas@ejemplo.mx', 'ventas@ejemplo.mx'],
      ['See www.example.com for more', 'www.example.com'],
      ['Handbuch: https://x.de/manual', 'https://x.de/manual'],
    ])
      assert.equal(findContact(text as string), found, text);
  });

  it('finds phone numbers written with a country code, or after a messenger or 电话', () => {
    for (const [text, found] of [
      ['Fragen? WhatsApp: +49 170 1234567', '+49 170 1234567'],
      ['Hubungi WA 0812 3456 7890', 'WA 0812 3456 7890'],
      ['加微信 13800138000 领优惠', '微信 13800138000'],
      ['สอบถาม โทร 081-234-5678', 'โทร 081-234-5678'],
      ['Service: Tel. 030 1234567', 'Tel. 030 1234567'],
      ['Llámanos +52 55 1234 5678', '+52 55 1234 5678'],
    ])
      assert.equal(findContact(text as string), found, text);
  });

  it('leaves alone what listings are full of: abbreviations, models, sizes, voltages, barcodes', () => {
    for (const text of [
      'Art.Nr. 12345, inkl. MwSt., z.B. für Kaffee',
      'Mr.Li design, Ver.DE edition, Model No.IT-200',
      'Case for Phone 12 13 14 15 16, iPhone 15/14/13/12/11',
      '220-240V 50/60Hz, Bluetooth 5.3, USB-C 3.0',
      'EAN 4006381333931, Größe S/M/L/XL, ca.20cm/8in',
      'Size: 30 x 20 x 10 cm, + 2 Stück, Kapazität 1.5L, 2.0L',
    ])
      assert.equal(findContact(text), null, text);
  });

  it('fails the listing where a contact detail is, saying what was written', () => {
    const issues = failed('shopee', 'id', {
      title: 'Botol Minum Stainless 750 ml Anti Bocor untuk Sekolah',
      description:
        'Botol minum stainless dua lapis, tahan dingin 24 jam. Hubungi WA 0812 3456 7890 untuk grosir.',
    });
    assert.deepEqual(
      issues.map((i) => [i.ruleId, i.message]),
      [['shopee.description.contact', '商品描述含联系方式或网址：WA 0812 3456 7890']],
    );
    assert.deepEqual(
      failed('amazon', 'de', {
        title: 'Trinkflasche Edelstahl 750 ml',
        bullets: ['Auslaufsicher', 'Weitere Farben auf beispiel.de'],
      }).map((i) => [i.ruleId, i.index]),
      [['amazon.bullets.contact', 1]],
    );
  });
});

describe('promotional words and other platforms, however they are spelled', () => {
  it('refuses 「Bestseller」「Best-Seller」 and 「Versandkostenfrei」 in an Amazon title, quoting them', () => {
    for (const [title, word] of [
      ['Trinkflasche 750 ml Bestseller', 'Bestseller'],
      ['Water Bottle Best-Seller 750 ml', 'Best-Seller'],
      ['Trinkflasche 750 ml versandkostenfrei', 'versandkostenfrei'],
      ['Gourde 750 ml meilleure vente', 'meilleure vente'],
    ]) {
      const issues = failed('amazon', 'de', { title: title as string });
      assert.deepEqual(
        issues.map((i) => i.ruleId),
        ['amazon.title.promotional'],
        title,
      );
      assert.match(issues[0]?.message ?? '', new RegExp(`：${word}$`), title);
    }
  });

  it('refuses 「TikTok」「Tik Tok」「TikTokShop」 on Shopee and Lazada, and leaves 「Amazonite」 alone', () => {
    for (const title of [
      'Botol Minum 750 ml viral TikTok',
      'Botol Minum 750 ml viral Tik Tok',
      'Botol Minum 750 ml TikTokShop',
    ]) {
      assert.deepEqual(
        failed('shopee', 'id', { title }).map((i) => i.ruleId),
        ['shopee.title.channels'],
        title,
      );
      assert.deepEqual(
        failed('lazada', 'id', { title }).map((i) => i.ruleId),
        ['lazada.title.platforms'],
        title,
      );
    }
    assert.deepEqual(
      failed('shopee', 'en', { title: 'Amazonite Bead Bracelet for Women 8 mm' }).map((i) => i.ruleId),
      [],
    );
  });
});
