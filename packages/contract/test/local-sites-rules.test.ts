import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkListing,
  fieldLimit,
  findLocaliseSite,
  type ListingLanguage,
  type ListingText,
  MAIN_IMAGE_RULE_SETS,
  type MarketplaceId,
} from '../src/index.ts';

/**
 * Issue 55: the sites Chinese sellers sell in — Shopee's and TikTok Shop's local sites, Lazada,
 * Mercado Libre. Each site writes in its buyers' language, and each marketplace's rules catch a
 * real violation in that language while passing a listing a seller could publish.
 */

const EMPTY: ListingText = { title: '', bullets: [], description: '', searchTerms: '' };
const check = (marketplace: MarketplaceId, language: ListingLanguage, listing: Partial<ListingText>) =>
  checkListing({ ...EMPTY, ...listing }, marketplace, { language }).map((i) => i.ruleId);

describe('the new sites and their languages', () => {
  it('writes each site in its buyers’ language and makes its main image by its marketplace’s rules', () => {
    const expected: [string, ListingLanguage, string][] = [
      ['shopee-TW', 'zh-TW', 'shopee'],
      ['shopee-TH', 'th', 'shopee'],
      ['shopee-VN', 'vi', 'shopee'],
      ['shopee-ID', 'id', 'shopee'],
      ['shopee-BR', 'pt-BR', 'shopee'],
      ['shopee-MX', 'es-MX', 'shopee'],
      ['lazada-SG', 'en', 'lazada'],
      ['lazada-MY', 'en', 'lazada'],
      ['lazada-TH', 'th', 'lazada'],
      ['lazada-VN', 'vi', 'lazada'],
      ['lazada-ID', 'id', 'lazada'],
      ['lazada-PH', 'en', 'lazada'],
      ['tiktok-ID', 'id', 'tiktok'],
      ['tiktok-TH', 'th', 'tiktok'],
      ['tiktok-VN', 'vi', 'tiktok'],
      ['tiktok-MY', 'ms', 'tiktok'],
      ['tiktok-PH', 'en', 'tiktok'],
      ['tiktok-SG', 'en', 'tiktok'],
      ['mercadolibre-MX', 'es-MX', 'mercadolibre'],
      ['mercadolibre-BR', 'pt-BR', 'mercadolibre'],
    ];
    for (const [id, language, imageRules] of expected) {
      const site = findLocaliseSite(id);
      assert.ok(site, `${id} is offered`);
      assert.equal(site.language, language, id);
      assert.equal(site.imageRules, imageRules, id);
    }
    assert.equal(findLocaliseSite('lazada-TH')?.name, 'Lazada · 泰国站');
    assert.equal(findLocaliseSite('mercadolibre-BR')?.name, '美客多 · 巴西站');
  });

  it('Mercado Libre wants a pure white cover with only the product; Lazada only the product', () => {
    assert.equal(MAIN_IMAGE_RULE_SETS.mercadolibre.white, 'required');
    assert.equal(MAIN_IMAGE_RULE_SETS.mercadolibre.productOnly, 'required');
    assert.equal(MAIN_IMAGE_RULE_SETS.lazada.productOnly, 'required');
    assert.equal(MAIN_IMAGE_RULE_SETS.lazada.minSide.px, 500);
    for (const set of [MAIN_IMAGE_RULE_SETS.lazada, MAIN_IMAGE_RULE_SETS.mercadolibre])
      assert.match(set.source, /https:\/\//, `${set.id} cites its page`);
  });
});

describe('Lazada', () => {
  const title = 'กระบอกน้ำสแตนเลสเก็บความเย็น 750 มล. ฝาล็อกกันรั่ว';
  const bullets = [
    'เก็บความเย็นได้ 24 ชั่วโมง เก็บความร้อนได้ 12 ชั่วโมง',
    'ฝาเปิดด้วยปุ่มเดียว ใช้มือเดียวเปิดได้',
    'ปลอกซิลิโคนกันลื่น ใส่ที่วางแก้วในรถได้',
  ];
  const description =
    'กระบอกน้ำสแตนเลส 304 สองชั้น เก็บความเย็นได้ 24 ชั่วโมง และเก็บความร้อนได้ 12 ชั่วโมง ' +
    'ฝาเปิดด้วยปุ่มเดียว ใช้มือเดียวเปิดได้ ปลอกซิลิโคนกันลื่น ขนาด 750 มล. สูง 26 ซม. ' +
    'ในกล่องมีกระบอกน้ำ 1 ใบ แปรงล้าง 1 อัน และคู่มือ 1 เล่ม';
  const thai = (listing: Partial<ListingText>) =>
    check('lazada', 'th', { title, bullets, description, ...listing });

  it('passes a Thai listing with highlights a seller could publish', () => {
    assert.deepEqual(thai({}), []);
  });

  it('refuses a name over 255 characters, an emoji, a decorative symbol and another marketplace', () => {
    assert.ok(thai({ title: 'ก'.repeat(256) }).includes('lazada.title.max'));
    assert.deepEqual(thai({ title: `${title} 🔥` }), ['lazada.title.emoji']);
    assert.deepEqual(thai({ title: `★ ${title}` }), ['lazada.title.chars']);
    assert.deepEqual(
      check('lazada', 'en', {
        title: 'Insulated Water Bottle 750 ml like Shopee best seller',
        bullets,
        description,
      }),
      ['lazada.title.platforms'],
    );
  });

  it('only recommends a shorter name, three highlights, and no “original” outside LazMall', () => {
    const issues = checkListing(
      { ...EMPTY, title: `Original ${'Water Bottle '.repeat(3)}${'x'.repeat(80)}`, bullets: [], description },
      'lazada',
      { language: 'en' },
    );
    assert.deepEqual(
      issues.map((i) => [i.ruleId, i.level]),
      [
        ['lazada.title.concise', 'recommended'],
        ['lazada.title.repeats', 'recommended'],
        ['lazada.title.authentic', 'recommended'],
        ['lazada.bullets.min', 'recommended'],
      ],
    );
    assert.deepEqual(fieldLimit('lazada', 'title'), { unit: 'chars', limit: 255 });
  });
});

describe('Mercado Libre', () => {
  const spanish =
    'Termo de acero inoxidable con doble pared que mantiene las bebidas frías durante 24 horas y calientes ' +
    'durante 12 horas. La tapa se abre con un botón y no derrama. Incluye un cepillo de limpieza y el manual.';
  const portuguese =
    'Garrafa térmica de aço inoxidável com parede dupla que mantém as bebidas geladas por 24 horas e quentes ' +
    'por 12 horas. A tampa abre com um botão e não vaza. Acompanha uma escova de limpeza e o manual.';

  it('passes a Mexican and a Brazilian listing', () => {
    assert.deepEqual(
      check('mercadolibre', 'es-MX', {
        title: 'Termo Acero Inoxidable 750 ml Tapa Antiderrame',
        description: spanish,
      }),
      [],
    );
    assert.deepEqual(
      check('mercadolibre', 'pt-BR', {
        title: 'Garrafa Térmica Inox 750 ml Tampa Antivazamento',
        description: portuguese,
      }),
      [],
    );
  });

  it('refuses a 61-character title and the labels Mercado Libre reserves, in Spanish and Portuguese', () => {
    const long = check('mercadolibre', 'es-MX', { title: 'T'.repeat(61), description: spanish });
    assert.deepEqual(long, ['mercadolibre.title.max']);
    assert.deepEqual(
      check('mercadolibre', 'es-MX', {
        title: 'Termo Acero Inoxidable 750 ml Envío Gratis',
        description: spanish,
      }),
      ['mercadolibre.title.labels'],
    );
    assert.deepEqual(
      check('mercadolibre', 'pt-BR', {
        title: 'Garrafa Térmica 750 ml Frete Grátis',
        description: portuguese,
      }),
      ['mercadolibre.title.labels'],
    );
    // In the plural as well: 「Descuentos」 is the policy's own example.
    for (const [language, title, description] of [
      ['es-MX', 'Termo Acero Inoxidable 750 ml Descuentos', spanish],
      ['es-MX', 'Termo Acero 750 ml Más Vendidos Promociones', spanish],
      ['pt-BR', 'Garrafa Térmica 750 ml Descontos Promoções', portuguese],
      ['pt-BR', 'Garrafa Térmica 750 ml Mais Vendidos', portuguese],
    ] as const)
      assert.deepEqual(
        check('mercadolibre', language, { title, description }),
        ['mercadolibre.title.labels'],
        title,
      );
    assert.deepEqual(
      check('mercadolibre', 'pt-BR', {
        title: 'Garrafa Térmica 750 ml a pronta entrega em estoque',
        description: portuguese,
      }),
      ['mercadolibre.title.stock'],
    );
    assert.deepEqual(
      check('mercadolibre', 'es-MX', {
        title: 'Termo Acero 750 ml',
        description: `${spanish} Escríbenos a ventas@ejemplo.mx`,
      }),
      ['mercadolibre.description.contact'],
    );
  });
});

describe('Shopee’s local sites', () => {
  const vietnamese =
    'Bình giữ nhiệt inox 304 hai lớp, giữ lạnh 24 giờ và giữ nóng 12 giờ. Nắp bật một chạm, không tràn nước. ' +
    'Trong hộp có 1 bình, 1 cọ rửa và sách hướng dẫn.';

  it('passes a Vietnamese listing and refuses one that sends buyers to Lazada or runs past 120 characters', () => {
    const title = 'Bình giữ nhiệt inox 304 dung tích 750 ml nắp bật chống tràn';
    assert.deepEqual(check('shopee', 'vi', { title, description: vietnamese }), []);
    assert.deepEqual(check('shopee', 'vi', { title, description: `${vietnamese} Mua thêm tại Lazada.` }), [
      'shopee.description.channels',
    ]);
    assert.deepEqual(check('shopee', 'vi', { title: 'b'.repeat(121), description: vietnamese }), [
      'shopee.title.max',
    ]);
    // A word that only contains a marketplace's name is not one.
    assert.deepEqual(
      check('shopee', 'en', {
        title: 'Amazonite Bead Bracelet for Women, 8 mm',
        description: 'x'.repeat(100),
      }),
      [],
    );
  });
});

describe('TikTok Shop in Southeast Asia', () => {
  const indonesian =
    'Botol minum termos dari baja tahan karat 304 dengan dinding ganda. Menjaga minuman tetap dingin selama ' +
    '24 jam dan panas selama 12 jam. Tutup terbuka dengan satu tombol dan tidak bocor. Dalam kotak ada satu ' +
    'botol, satu sikat pembersih dan buku panduan.';

  it('finds a Thai promotion inside Thai words, which have no spaces between them', () => {
    const description = 'กระบอกน้ำสแตนเลสสองชั้น '.repeat(12);
    assert.deepEqual(check('tiktok', 'th', { title: 'กระบอกน้ำสแตนเลสเก็บความเย็น 750 มล.', description }), []);
    assert.deepEqual(check('tiktok', 'th', { title: 'กระบอกน้ำสแตนเลสเก็บความเย็นส่งฟรี 750 มล.', description }), [
      'tiktok.title.promotional',
    ]);
    // The same holds for Japanese: Amazon JP's 送料無料 right after the product's name.
    const bullets = ['保冷24時間', '漏れないふた', '食品用ステンレス', '車のホルダーに合う', 'ボトル1本'];
    const japanese = checkListing({ ...EMPTY, title: '真空断熱ボトル送料無料 750ml', bullets }, 'amazon', {
      language: 'ja',
    });
    assert.ok(japanese.some((i) => i.ruleId === 'amazon.title.promotional'));
  });

  it('passes an Indonesian listing and refuses a promotion in Indonesian', () => {
    const title = 'Botol Minum Termos Stainless Steel 750 ml Tutup Anti Bocor';
    assert.deepEqual(check('tiktok', 'id', { title, description: indonesian }), []);
    assert.deepEqual(
      check('tiktok', 'id', {
        title: 'Botol Minum Termos 750 ml Gratis Ongkir Seluruh Indonesia',
        description: indonesian,
      }),
      ['tiktok.title.promotional'],
    );
  });
});
