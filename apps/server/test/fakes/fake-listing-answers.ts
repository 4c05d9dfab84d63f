/**
 * How the fake OpenAI API writes listings (a request whose system prompt is the listing writer's).
 * The product name steers it, so tests and a person in a browser pick the case by what they type:
 *
 * - `[long-title]`  a 230-character title and a repeated word (breaks Amazon's title rules); the fix
 *                   request gets a short title back
 * - `[malformed]`   broken JSON first; the repair request gets valid JSON
 * - `[garbage]`     broken JSON every time
 * - `[refuse]`      a structured-output refusal
 * - `[no-schema]`   a 400 for `response_format: json_schema` (as DeepSeek answers), then JSON in a
 *                   Markdown fence with words around it
 * - `[ignore-glossary]` the listing written as if the prompt had no 术语表 line
 * - `[wrong-language]` the listing in English whatever language the prompt asks for
 * - `[too-little]`  a listing of a few words (「Steel Cup」): too little for the language check to tell
 * - anything else:  a listing that passes every rule; a 术语表 term with a fixed translation
 *                   (the prompt's `Glossary (JSON)` line) leads its title, as a writer that follows it
 */

export type ListingReply =
  | { kind: 'json'; text: string }
  | { kind: 'refusal'; text: string }
  | { kind: 'error'; status: number; message: string };

interface Message {
  role: string;
  content: string;
}

export function isListingRequest(messages: Message[]): boolean {
  return messages.some((m) => m.role === 'system' && m.content.includes('listing 文案专家'));
}

const SHORT_TITLE = 'Insulated Stainless Steel Water Bottle 750 ml, Leak-Proof Lid';
const BULLETS = [
  'Keeps Drinks Cold for 24 Hours: double-wall vacuum insulation',
  'Leak-Proof Lid: carry it in any bag without worry',
  'Food-Grade Stainless Steel: no metallic taste or smell',
  'Fits Car Cup Holders: slim 7.5 cm base',
  'What You Get: one 750 ml bottle and a cleaning brush',
];
const DESCRIPTION =
  'This insulated water bottle keeps drinks cold for a full day and hot for twelve hours. The double wall of food grade stainless steel does not sweat, the lid seals tight, and the slim body fits car cup holders and backpack pockets alike.';
/**
 * The listing in the language the prompt asks for (「用 German 撰写」), every part of it, so a
 * listing for Amazon DE reads as German to 一键出海's language check; English for any other.
 */
const WRITTEN: Record<string, { title: string; bullets: string[]; description: string }> = {
  German: {
    title: 'Isolierte Trinkflasche aus Edelstahl 750 ml, auslaufsicherer Deckel',
    bullets: [
      'Hält Getränke 24 Stunden kalt: doppelwandige Vakuumisolierung',
      'Auslaufsicherer Deckel: in jeder Tasche sorgenfrei dabei',
      'Lebensmittelechter Edelstahl: kein metallischer Geschmack oder Geruch',
      'Passt in Getränkehalter im Auto: schlanker Boden mit 7,5 cm',
      'Lieferumfang: eine 750 ml Flasche und eine Reinigungsbürste',
    ],
    description:
      'Diese isolierte Trinkflasche hält Getränke einen ganzen Tag kalt und zwölf Stunden heiß. Die doppelte Wand aus lebensmittelechtem Edelstahl schwitzt nicht, der Deckel ist dicht und die schlanke Form passt in den Getränkehalter und in die Tasche.',
  },
  French: {
    title: 'Gourde isotherme en acier inoxydable 750 ml, bouchon anti-fuite',
    bullets: [
      'Garde les boissons froides 24 heures : double paroi isolée sous vide',
      'Bouchon anti-fuite : dans votre sac sans aucune inquiétude',
      'Acier inoxydable alimentaire : pas de goût ni d’odeur de métal',
      'Tient dans le porte-gobelet de la voiture : base fine de 7,5 cm',
      'Contenu : une gourde de 750 ml et une brosse de nettoyage',
    ],
    description:
      'Cette gourde isotherme garde les boissons froides toute la journée et chaudes pendant douze heures. La double paroi en acier inoxydable ne transpire pas, le bouchon est étanche et la forme fine tient dans le porte-gobelet et dans votre sac.',
  },
  Italian: {
    title: 'Borraccia termica in acciaio inox 750 ml, tappo a prova di perdite',
    bullets: [
      'Mantiene le bevande fredde per 24 ore: doppia parete isolata sottovuoto',
      'Tappo a prova di perdite: da portare in borsa senza pensieri',
      'Acciaio inox per alimenti: nessun sapore o odore di metallo',
      'Entra nel portabicchieri dell’auto: base sottile da 7,5 cm',
      'Contenuto della confezione: una borraccia da 750 ml e uno scovolino',
    ],
    description:
      'Questa borraccia termica mantiene le bevande fredde per tutto il giorno e calde per dodici ore. La doppia parete in acciaio inox non suda, il tappo è a tenuta e la forma sottile entra nel portabicchieri e nello zaino.',
  },
  Spanish: {
    title: 'Botella térmica de acero inoxidable 750 ml, tapa antigoteo',
    bullets: [
      'Mantiene las bebidas frías 24 horas: doble pared con aislamiento al vacío',
      'Tapa antigoteo: llévala en cualquier bolso sin preocuparte',
      'Acero inoxidable de grado alimentario: sin sabor ni olor a metal',
      'Cabe en el portavasos del coche: base estrecha de 7,5 cm',
      'Contenido: una botella de 750 ml y un cepillo de limpieza',
    ],
    description:
      'Esta botella térmica mantiene las bebidas frías todo el día y calientes durante doce horas. La doble pared de acero inoxidable no suda, la tapa es hermética y su forma delgada cabe en el portavasos y en la mochila.',
  },
  // Shopee 台湾站: Traditional characters (溫, 鏽, 體) and Taiwan's words, a description past Shopee's
  // recommended 100 characters.
  Traditional: {
    title: '保溫不鏽鋼水瓶 750 毫升，防漏杯蓋，保冷 24 小時',
    bullets: [
      '保冷 24 小時：雙層真空隔熱，整天都冰涼',
      '防漏杯蓋：放進任何包包都不必擔心',
      '食品級不鏽鋼：沒有金屬味',
      '適用車用杯架：瓶底直徑 7.5 公分',
      '內容物：750 毫升水瓶一支、清潔刷一支',
    ],
    description:
      '這款保溫水瓶能讓飲料冰涼一整天、溫熱十二小時。雙層食品級不鏽鋼瓶身不會凝結水珠，杯蓋密封不漏水，纖細的瓶身放得進車用杯架，也放得進背包側袋。內容物有水瓶一支和清潔刷一支，上班通勤、健身運動、戶外露營都很適合。',
  },
  // Lazada 泰国站: five highlights and a description of more than 30 Thai words.
  Thai: {
    title: 'กระบอกน้ำสแตนเลสเก็บอุณหภูมิ 750 มล. ฝาปิดกันรั่ว',
    bullets: [
      'เก็บความเย็นได้ 24 ชั่วโมง ด้วยผนังสุญญากาศสองชั้น',
      'ฝาปิดกันรั่ว ใส่กระเป๋าได้ไม่ต้องกังวล',
      'สแตนเลสเกรดอาหาร ไม่มีกลิ่นโลหะ',
      'ใส่ที่วางแก้วในรถได้ ฐานกว้าง 7.5 ซม.',
      'ในกล่องมีกระบอกน้ำ 750 มล. หนึ่งใบและแปรงล้างหนึ่งอัน',
    ],
    description:
      'กระบอกน้ำเก็บอุณหภูมินี้เก็บเครื่องดื่มให้เย็นได้ทั้งวันและร้อนได้สิบสองชั่วโมง ผนังสแตนเลสสองชั้นไม่มีหยดน้ำเกาะ ฝาปิดแน่นไม่รั่วซึม ตัวกระบอกเรียวใส่ที่วางแก้วในรถและช่องข้างกระเป๋าเป้ได้ เหมาะกับการทำงาน ออกกำลังกาย และเดินทาง',
  },
  Vietnamese: {
    title: 'Bình giữ nhiệt inox 304 dung tích 750 ml, nắp chống tràn',
    bullets: [
      'Giữ lạnh 24 giờ nhờ lớp chân không hai vách',
      'Nắp chống tràn, bỏ túi xách không lo đổ nước',
      'Inox đạt chuẩn thực phẩm, không có mùi kim loại',
      'Vừa giá để cốc trên ô tô, đáy rộng 7,5 cm',
      'Trong hộp có một bình 750 ml và một cọ rửa',
    ],
    description:
      'Bình giữ nhiệt này giữ đồ uống lạnh suốt cả ngày và nóng trong mười hai giờ. Hai lớp inox đạt chuẩn thực phẩm không đọng nước bên ngoài, nắp đóng chặt không rò rỉ, thân bình thon gọn vừa giá để cốc trên ô tô và túi bên của ba lô.',
  },
  // Indonesian and Malay apart by their own words: mobil, ransel (Indonesia); kereta, beg (Malaysia).
  Indonesian: {
    title: 'Botol Minum Termos Stainless Steel 750 ml, Tutup Anti Bocor',
    bullets: [
      'Menjaga minuman tetap dingin 24 jam dengan dinding vakum ganda',
      'Tutup anti bocor, aman dibawa di dalam tas',
      'Baja tahan karat food grade, tanpa bau logam',
      'Muat di tempat gelas mobil, alas 7,5 cm',
      'Isi paket: satu botol 750 ml dan satu sikat pembersih',
    ],
    description:
      'Botol termos ini menjaga minuman tetap dingin sepanjang hari dan panas selama dua belas jam. Dinding ganda dari baja tahan karat food grade tidak berembun, tutupnya rapat sehingga tidak bocor, dan bentuknya ramping sehingga muat di tempat gelas mobil maupun kantong samping ransel.',
  },
  Malay: {
    title: 'Botol Air Termos Keluli Tahan Karat 750 ml, Penutup Kalis Bocor',
    bullets: [
      'Mengekalkan minuman sejuk selama 24 jam dengan dinding vakum berganda',
      'Penutup kalis bocor, selamat dibawa dalam beg',
      'Keluli tahan karat gred makanan, tiada bau logam',
      'Muat dalam pemegang cawan kereta, tapak 7.5 cm',
      'Kandungan: sebuah botol 750 ml dan sebatang berus pembersih',
    ],
    description:
      'Botol termos ini mengekalkan minuman sejuk sepanjang hari dan panas selama dua belas jam. Dinding berganda daripada keluli tahan karat gred makanan tidak berpeluh, penutupnya ketat dan tidak bocor, dan bentuknya yang langsing muat dalam pemegang cawan kereta serta poket tepi beg galas.',
  },
  // Mercado Livre's titles stop at 60 characters.
  Brazilian: {
    title: 'Garrafa Térmica Inox 750 ml Tampa Antivazamento',
    bullets: [
      'Mantém as bebidas geladas por 24 horas com parede dupla a vácuo',
      'Tampa antivazamento: leve na bolsa sem preocupação',
      'Aço inoxidável de grau alimentício, sem gosto de metal',
      'Cabe no porta-copos do carro, base de 7,5 cm',
      'Conteúdo: uma garrafa de 750 ml e uma escova de limpeza',
    ],
    description:
      'Esta garrafa térmica mantém as bebidas geladas o dia todo e quentes por doze horas. A parede dupla de aço inoxidável não transpira, a tampa veda bem e não vaza, e o formato fino cabe no porta-copos do carro e no bolso lateral da mochila.',
  },
  Mexican: {
    title: 'Termo de Acero Inoxidable 750 ml Tapa Antiderrame',
    bullets: [
      'Mantiene tus bebidas frías 24 horas con doble pared al vacío',
      'Tapa antiderrame: llévalo en la mochila sin preocuparte',
      'Acero inoxidable grado alimenticio, sin sabor a metal',
      'Cabe en el portavasos del carro, base de 7.5 cm',
      'Contenido: un termo de 750 ml y un cepillo de limpieza',
    ],
    description:
      'Este termo mantiene tus bebidas frías todo el día y calientes durante doce horas. La doble pared de acero inoxidable no suda, la tapa cierra bien y no se derrama, y su forma delgada cabe en el portavasos del carro y en la bolsa lateral de la mochila.',
  },
  Dutch: {
    title: 'Geïsoleerde drinkfles van roestvrij staal 750 ml, lekvrije dop',
    bullets: [
      'Houdt drankjes 24 uur koud: dubbelwandige vacuümisolatie',
      'Lekvrije dop: zonder zorgen mee in elke tas',
      'Voedselveilig roestvrij staal: geen metaalsmaak of geur',
      'Past in de bekerhouder van de auto: smalle bodem van 7,5 cm',
      'Inhoud: één fles van 750 ml en een schoonmaakborstel',
    ],
    description:
      'Deze geïsoleerde drinkfles houdt drankjes een hele dag koud en twaalf uur warm. De dubbele wand van voedselveilig roestvrij staal zweet niet, de dop sluit goed af en de slanke vorm past in de bekerhouder en in het zijvak van je rugzak.',
  },
  Polish: {
    title: 'Butelka termiczna ze stali nierdzewnej 750 ml, szczelna zakrętka',
    bullets: [
      'Utrzymuje napoje zimne przez 24 godziny: podwójna ścianka próżniowa',
      'Szczelna zakrętka: bez obaw w każdej torbie',
      'Stal nierdzewna do kontaktu z żywnością: bez metalicznego posmaku',
      'Mieści się w uchwycie na kubek w samochodzie: wąskie dno 7,5 cm',
      'W zestawie: butelka 750 ml i szczoteczka do czyszczenia',
    ],
    description:
      'Ta butelka termiczna utrzymuje napoje zimne przez cały dzień i ciepłe przez dwanaście godzin. Podwójna ścianka ze stali nierdzewnej nie poci się, zakrętka jest szczelna, a smukły kształt mieści się w uchwycie na kubek i w bocznej kieszeni plecaka.',
  },
  Swedish: {
    title: 'Isolerad vattenflaska i rostfritt stål 750 ml, läckagesäkert lock',
    bullets: [
      'Håller drycker kalla i 24 timmar: dubbelväggig vakuumisolering',
      'Läckagesäkert lock: följer med i väskan utan oro',
      'Livsmedelsgodkänt rostfritt stål: ingen metallsmak eller lukt',
      'Passar i bilens mugghållare: smal botten på 7,5 cm',
      'I förpackningen: en flaska på 750 ml och en rengöringsborste',
    ],
    description:
      'Den här isolerade vattenflaskan håller drycker kalla hela dagen och varma i tolv timmar. Den dubbla väggen av livsmedelsgodkänt rostfritt stål kondenserar inte, locket sluter tätt och den smala formen passar i mugghållaren och i ryggsäckens sidoficka.',
  },
  Japanese: {
    title: '水筒 750ml 真空断熱 ステンレスボトル 保冷 保温 漏れ防止',
    bullets: [
      '24時間保冷：真空二重構造で一日中冷たいまま',
      '漏れないふた：どのかばんにも安心して入れられます',
      '食品用ステンレス：金属のにおいや味がしません',
      '車のドリンクホルダーにぴったり：底の直径7.5cm',
      'セット内容：750mlボトル1本、洗浄ブラシ1本',
    ],
    description:
      'この保温ボトルは飲み物を一日中冷たく、十二時間温かく保ちます。ステンレスの二重構造で結露せず、ふたはしっかり閉まり、細身のボトルはカップホルダーにもかばんにも入ります。',
  },
};

/** The listing's words in the prompt's language; English for `[wrong-language]`, as a model that ignores it. */
function writtenFor(messages: Message[]) {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  // The language's first word: 「用 Traditional Chinese as written in Taiwan（…） 撰写」 is Traditional.
  const language = /用 (\w+)[^\n]*? 撰写/.exec(system)?.[1] ?? 'English';
  const written = !productName(messages).includes('[wrong-language]') && WRITTEN[language];
  return written || { title: SHORT_TITLE, bullets: BULLETS, description: DESCRIPTION };
}

const ZH = {
  title: '保温不锈钢水瓶 750 毫升，防漏盖',
  bullets: ['24 小时保冷', '防漏盖', '食品级不锈钢', '适配车载杯架', '包装内含水瓶和清洁刷'],
  description: '这款保温水瓶保冷一整天、保热十二小时。',
  searchTerms: '水瓶 保温杯 运动水壶',
};

function productName(messages: Message[]): string {
  const facts = messages.find((m) => m.role === 'user')?.content ?? '';
  return /商品名称：(.*)/.exec(facts)?.[1] ?? '';
}

/** The fixed translations of the prompt's `Glossary (JSON): [...]` line ({ term, use } entries). */
function glossaryUses(messages: Message[]): string[] {
  const line = /^Glossary \(JSON\): (.*)$/m.exec(messages.find((m) => m.role === 'user')?.content ?? '');
  if (!line?.[1]) return [];
  const terms = JSON.parse(line[1]) as { term: string; use?: string }[];
  return terms.flatMap((t) => (t.use ? [t.use] : []));
}

/** Only the fields the request's schema (or, without one, the prompt) asks for. */
function pick(listing: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const zh = ZH as Record<string, unknown>;
  return {
    ...Object.fromEntries(fields.map((f) => [f, listing[f]])),
    zh: Object.fromEntries(fields.map((f) => [f, zh[f]])),
  };
}

function askedFields(responseFormat: unknown, messages: Message[]): string[] {
  const schema = (responseFormat as { json_schema?: { schema?: { required?: string[] } } } | undefined)
    ?.json_schema?.schema;
  if (schema?.required) return schema.required.filter((f) => f !== 'zh');
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  return ['title', 'bullets', 'description', 'searchTerms'].filter(
    (f) => f === 'title' || f === 'description' || system.includes(`- ${f}：`),
  );
}

export function listingReply(messages: Message[], responseFormat: unknown): ListingReply {
  const name = productName(messages);
  const last = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const fixing = last.includes('违反了这些规则');
  const repairing = last.includes('这不是有效的 JSON');
  const fields = askedFields(responseFormat, messages);

  if (name.includes('[refuse]'))
    return { kind: 'refusal', text: "I'm sorry, but I can't help with listing this product." };
  if (name.includes('[no-schema]') && responseFormat)
    return { kind: 'error', status: 400, message: 'This response_format type is unavailable now' };
  if (name.includes('[garbage]') || (name.includes('[malformed]') && !repairing))
    return { kind: 'json', text: '{"title": "Water Bottle", "bullets": ["unterminated' };

  const longTitle = `${SHORT_TITLE}, Water Bottle for Kids, Water Bottle for Gym, ${'Extra Durable Design '.repeat(7)}`;
  const uses = name.includes('[ignore-glossary]') ? [] : glossaryUses(messages);
  const written = name.includes('[too-little]')
    ? { title: 'Steel Cup 750 ml', bullets: ['Cold 24 h'], description: 'Steel cup.' }
    : writtenFor(messages);
  const title = name.includes('[long-title]') && !fixing ? longTitle.trim() : written.title;
  const listing = {
    title: [...uses, title].join(' '),
    bullets: written.bullets,
    description: written.description,
    searchTerms: 'insulated bottle thermos flask hydration gym travel',
  };
  const json = JSON.stringify(pick(listing, fields));
  if (name.includes('[no-schema]'))
    return { kind: 'json', text: `Here is the listing:\n\`\`\`json\n${json}\n\`\`\`` };
  return { kind: 'json', text: json };
}
