/**
 * How the fake chat provider answers an image translation (the server marks it with
 * `[image-text-translation]` in the system prompt): the blocks' Chinese in English from a small
 * phrase book, numbers and Latin text untouched, any Chinese it does not know as "Item". A block
 * with 「格式测试」 gets prose instead of JSON the first time (the server must ask once more).
 *
 * The seller's glossary (the system prompt's `Glossary (JSON): […]` line) is followed as a real
 * model mostly does: a "keep" term stays as it is, a "use" term becomes its fixed translation. Like
 * a real model now and then, it may not: with 「术语测试」 in a block the first answer ignores the
 * glossary (translating the terms like any other words) and the repair follows it; with
 * 「术语顽固」 every answer copies "use" terms untranslated and translates "keep" terms anyway.
 *
 * Numbers stay as they are (「168元」 is "168 yuan"), unless a block asks otherwise: with 「数字测试」
 * the first answer drops every number and price sign (「168元」 becomes "yuan") and the repair keeps
 * them; with 「顽固数字」 every answer drops them.
 *
 * Asked for another language (the system prompt's 「from Chinese into …」: Thai, Traditional
 * Chinese, Vietnamese, Indonesian, Malay, Brazilian Portuguese, Mexican Spanish, Dutch, Polish,
 * Swedish), it writes from that language's phrase book, as the picture's language check expects;
 * the rest (German, Japanese…) get the English one, as before.
 */
const PHRASES: [string, string][] = [
  ['防水透气', 'Waterproof and breathable'],
  ['面料', 'fabric'],
  ['层', '-layer'],
  ['限时特惠', 'Limited-time offer'],
  ['尺码表', 'Size chart'],
  ['新品上市', 'New arrival'],
  ['包邮', 'Free shipping'],
  ['正品保障', 'Genuine guarantee'],
  ['加厚保暖', 'Thick and warm'],
  ['格式测试', 'Format test'],
  ['防滑', 'Non-slip'],
  ['玻尿酸精华', 'Hyaluronic acid serum'],
  ['补水保湿', 'Deep hydration'],
  ['温和不刺激', 'Gentle on skin'],
  ['耐磨', 'Hard-wearing'],
  ['数字测试', 'Number test'],
  ['顽固数字', 'Stubborn numbers'],
  ['元', 'yuan'],
];

/**
 * The same phrases in the other languages a site is written in (English is `PHRASES`); Indonesian
 * and Malay each with two words of their own (bisa, berkualitas; kalis, berkualiti), as the
 * language check needs to tell them apart.
 */
const PHRASES_IN: Record<string, { phrases: [string, string][]; unknown: string }> = {
  Thai: {
    phrases: [
      ['防水透气', 'กันน้ำระบายอากาศ'],
      ['面料', 'ผ้า'],
      ['层', ' ชั้น'],
      ['限时特惠', 'ข้อเสนอพิเศษ'],
      ['包邮', 'ส่งฟรี'],
      ['加厚保暖', 'หนาและอบอุ่น'],
      ['防滑', 'กันลื่น'],
      ['元', 'หยวน'],
    ],
    unknown: 'สินค้า',
  },
  Vietnamese: {
    phrases: [
      ['防水透气', 'Chống thấm thoáng khí'],
      ['面料', 'vải'],
      ['层', ' lớp'],
      ['限时特惠', 'Ưu đãi có hạn'],
      ['包邮', 'Miễn phí vận chuyển'],
      ['加厚保暖', 'Dày và ấm'],
      ['防滑', 'Chống trượt'],
      ['元', 'nhân dân tệ'],
    ],
    unknown: 'Sản phẩm',
  },
  Indonesian: {
    phrases: [
      ['防水透气', 'Tahan air, bisa bernapas'],
      ['面料', 'kain berkualitas'],
      ['层', ' lapis'],
      ['限时特惠', 'Penawaran terbatas'],
      ['包邮', 'Gratis ongkir'],
      ['加厚保暖', 'Tebal dan hangat'],
      ['防滑', 'Anti selip'],
      ['元', 'yuan'],
    ],
    unknown: 'Produk',
  },
  Malay: {
    phrases: [
      ['防水透气', 'Kalis air dan bernafas'],
      ['面料', 'fabrik berkualiti'],
      ['层', ' lapisan'],
      ['限时特惠', 'Tawaran masa terhad'],
      ['包邮', 'Penghantaran percuma'],
      ['加厚保暖', 'Tebal dan hangat'],
      ['防滑', 'Anti gelincir'],
      ['元', 'yuan'],
    ],
    unknown: 'Barangan',
  },
  Brazilian: {
    phrases: [
      ['防水透气', 'À prova d’água e respirável'],
      ['面料', 'tecido de alta qualidade'],
      ['层', ' camadas'],
      ['限时特惠', 'Promoção só por tempo limitado'],
      ['包邮', 'Frete grátis'],
      ['加厚保暖', 'Grosso e quente'],
      ['防滑', 'Antiderrapante'],
      ['元', 'yuans'],
    ],
    unknown: 'Produto',
  },
  Mexican: {
    phrases: [
      ['防水透气', 'Impermeable y transpirable'],
      ['面料', 'tela'],
      ['层', ' capas'],
      ['限时特惠', 'Oferta por tiempo limitado'],
      ['包邮', 'Envío gratis'],
      ['加厚保暖', 'Grueso y cálido'],
      ['防滑', 'Antideslizante'],
      ['元', 'yuanes'],
    ],
    unknown: 'Producto',
  },
  Dutch: {
    phrases: [
      ['防水透气', 'Waterdicht en ademend'],
      ['面料', 'stof'],
      ['层', '-laags'],
      ['限时特惠', 'Tijdelijke aanbieding'],
      ['包邮', 'Gratis verzending'],
      ['加厚保暖', 'Dik en warm'],
      ['防滑', 'Antislip'],
      ['元', 'yuan'],
    ],
    unknown: 'Artikel',
  },
  Polish: {
    phrases: [
      ['防水透气', 'Wodoodporny i oddychający'],
      ['面料', 'tkanina'],
      ['层', '-warstwowa'],
      ['限时特惠', 'Oferta ograniczona czasowo'],
      ['包邮', 'Darmowa wysyłka'],
      ['加厚保暖', 'Gruby i ciepły'],
      ['防滑', 'Antypoślizgowy'],
      ['元', 'juanów'],
    ],
    unknown: 'Produkt',
  },
  Swedish: {
    phrases: [
      ['防水透气', 'Vattentät och andas'],
      ['面料', 'tyg'],
      ['层', '-lagers'],
      ['限时特惠', 'Tidsbegränsat erbjudande'],
      ['包邮', 'Fri frakt'],
      ['加厚保暖', 'Tjock och varm'],
      ['防滑', 'Halkfri'],
      ['元', 'yuan'],
    ],
    unknown: 'Artikel',
  },
  Traditional: {
    phrases: [
      ['防水透气', '防水透氣'],
      ['面料', '面料'],
      ['层', '層'],
      ['限时特惠', '限時特惠'],
      ['包邮', '免運費'],
      ['加厚保暖', '加厚保暖'],
      ['防滑', '防滑'],
      ['元', '元'],
    ],
    unknown: '品項',
  },
};

/** The phrase book for the language the system prompt asks for (its first word); English for the rest. */
function phraseBookFor(messages: { role: string; content: string }[]) {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const language = /from Chinese into (\w+)/.exec(system)?.[1] ?? 'English';
  return PHRASES_IN[language] ?? { phrases: PHRASES, unknown: 'Item' };
}

export function isTranslateRequest(messages: { role: string; content: string }[]): boolean {
  return messages.some((m) => m.role === 'system' && m.content.includes('[image-text-translation]'));
}

interface Term {
  term: string;
  keep?: boolean;
  use?: string;
}

/** The glossary the server put in the system prompt, or none. */
function glossaryOf(messages: { role: string; content: string }[]): Term[] {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const line = /^Glossary \(JSON\): (.*)$/m.exec(system)?.[1];
  return line ? (JSON.parse(line) as Term[]) : [];
}

type Mode = 'follow' | 'ignore' | 'stubborn';

/** Chinese the phrase book does not know, in English: "Item" unless a caller writes it otherwise. */
type Unknown = (run: string) => string;

function translate(
  text: string,
  glossary: Term[] = [],
  mode: Mode = 'follow',
  unknown: Unknown = () => 'Item',
  phrases: [string, string][] = PHRASES,
): string {
  let out = text;
  // Terms are set aside before the phrase book runs and put back as the glossary (or the mode) says.
  const held: string[] = [];
  if (mode !== 'ignore')
    for (const term of [...glossary].sort((a, b) => b.term.length - a.term.length)) {
      if (mode === 'stubborn' && term.keep) continue;
      if (!out.includes(term.term)) continue;
      const written = term.keep || mode === 'stubborn' ? term.term : (term.use ?? term.term);
      out = out.replaceAll(term.term, ` \u27e6${held.length}\u27e7 `);
      held.push(written);
    }
  // Phrases are held too, so Chinese written by the phrase book (Traditional) is not taken for unknown.
  for (const [zh, written] of phrases)
    out = out.replaceAll(zh, () => {
      held.push(written);
      return ` \u27e6${held.length - 1}\u27e7 `;
    });
  out = out.replace(/[\u3400-\u9fff]+/g, (run) => ` ${unknown(run)} `);
  out = out.replace(/\u27e6(\d+)\u27e7/g, (_, i: string) => held[Number(i)] ?? '');
  return out
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

export function translateReply(messages: { role: string; content: string }[]): string {
  const first = messages.find((m) => m.role === 'user')?.content ?? '{}';
  const repairing = messages.some((m) => m.role === 'user' && m.content.includes('repair:'));
  let blocks: { id: number; text: string }[] = [];
  try {
    blocks = (JSON.parse(first) as { blocks: { id: number; text: string }[] }).blocks ?? [];
  } catch {
    return 'Sorry, I could not read the blocks.';
  }
  if (!repairing && blocks.some((b) => b.text.includes('格式测试')))
    return 'Here is the translation you asked for: Format test, and the rest.';
  const mode: Mode = blocks.some((b) => b.text.includes('术语顽固'))
    ? 'stubborn'
    : !repairing && blocks.some((b) => b.text.includes('术语测试'))
      ? 'ignore'
      : 'follow';
  const glossary = glossaryOf(messages);
  const book = phraseBookFor(messages);
  const dropsNumbers = (text: string) =>
    text.includes('顽固数字') || (!repairing && text.includes('数字测试'));
  const written = (text: string) => {
    const out = translate(text, glossary, mode, () => book.unknown, book.phrases);
    return dropsNumbers(text)
      ? out
          .replace(/[¥￥]?\d+(?:[.,]\d+)*%?/g, '')
          .replace(/ {2,}/g, ' ')
          .trim()
      : out;
  };
  return JSON.stringify({ blocks: blocks.map((b) => ({ id: b.id, text: written(b.text) })) });
}

/** The same phrase book without a server: a `translatePicture` translator for scripts and benchmarks. */
export async function translateOffline(
  blocks: { id: number; text: string }[],
  unknown?: Unknown,
): Promise<Map<number, string>> {
  return new Map(blocks.map((b) => [b.id, translate(b.text, [], 'follow', unknown)]));
}
