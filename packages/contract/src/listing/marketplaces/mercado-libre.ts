import type { MarketplaceRules } from '../types.ts';

/** Mercado Libre's photo policy, which says its list of labels holds for titles too. */
const LABELS_POLICY =
  'Mercado Libre 帮助中心「Infracciones en fotos」：封面图和标题都不能加平台没有授予的标签（Más vendido、descuentos、oferta relámpago、mejor calidad、promoción、envío inmediato、Mercado Envíos、Mercado Pago 等），https://www.mercadolibre.com.ar/ayuda/Fotos-en-Pagina-Principal_1024 ；2026-11 核对';
const TITLE_GUIDE =
  'Mercado Libre Developers「Best practices for listing items」：标题写「商品 + 品牌 + 型号 + 关键规格」，字数上限按类目（max_title_length），https://developers.mercadolibre.com.ar/devsite/introduction-globalselling ；2026-11 核对';
const LISTING_POLICY =
  'Mercado Livre「Políticas de anúncios」（Dados de contato e identificação；Links em anúncios）：商品信息里不能留联系方式或站外链接，https://www.mercadolivre.com.br/ajuda/Pol%C3%ADtica_de%20_An%C3%BAncios_s1011 ；墨西哥站同一套政策；2026-11 核对';

/**
 * Mercado Libre (美客多 to Chinese sellers), Mexico (Spanish) and Brazil (Mercado Livre, Portuguese): a title and a plain-text
 * description. Its attributes (ficha técnica) are chosen per category in its own form, so only the
 * description carries the facts here.
 */
export const mercadoLibreRules: MarketplaceRules = {
  id: 'mercadolibre',
  name: '美客多',
  sites: [
    { id: 'MX', name: '墨西哥站', language: 'es-MX' },
    {
      id: 'BR',
      name: '巴西站',
      language: 'pt-BR',
      note: '巴西站叫 Mercado Livre，规则与墨西哥站相同，listing 用巴西葡萄牙语撰写。',
    },
  ],
  bullets: 0,
  searchTerms: false,
  rules: [
    {
      id: 'mercadolibre.title.max',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 60,
      text: '标题不超过 60 个字符（多数类目的上限；个别类目更长，按 60 写在每个类目都能发布）',
      source: `${TITLE_GUIDE}；60 是出海助手按多数类目的 max_title_length 取的值（判断）`,
    },
    {
      id: 'mercadolibre.title.labels',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      // Plurals too: a phrase matches only as whole words, so 「descuento」 let 「Descuentos」 (the
      // policy's own example) through, and 「Más Vendidos」「Promoções」 with it.
      phrases: [
        'más vendido',
        'más vendidos',
        'mais vendido',
        'mais vendidos',
        'oferta relámpago',
        'oferta relâmpago',
        'mejor calidad',
        'melhor qualidade',
        'promoción',
        'promociones',
        'promoção',
        'promoções',
        'descuento',
        'descuentos',
        'desconto',
        'descontos',
        '% off',
        'envío inmediato',
        'envio imediato',
        'envío gratis',
        'envio gratis',
        'frete grátis',
        'frete gratis',
        'mercado envíos',
        'mercado envios',
        'mercado pago',
        'meses sin intereses',
        'sem juros',
      ],
      text: '标题不能写平台没有授予的标签：促销、折扣、免运费、分期、「最畅销」「最好品质」等',
      source: LABELS_POLICY,
    },
    {
      id: 'mercadolibre.title.stock',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: ['estoque', 'en stock'],
      text: '标题不能写库存（estoque / en stock），写了会被审核',
      source:
        'Mercado Livre 开发者文档的标题规则（「Não está permitido mencionar a palavra estoque」），转述于 https://mercado-livre-api-guide.vercel.app/docs/working-with-products/insertProduct/title ；2026-11 核对',
    },
    {
      id: 'mercadolibre.title.condition',
      field: 'title',
      level: 'recommended',
      kind: 'bannedPhrases',
      phrases: ['nuevo', 'novo', 'usado', 'reacondicionado', 'recondicionado'],
      text: '建议标题不写新旧（nuevo / novo / usado），在「状况」里选，平台会自己显示',
      source:
        'Mercado Livre 开发者文档的标题建议（新旧写在属性里，不写进标题），转述于 https://mercado-livre-api-guide.vercel.app/docs/working-with-products/insertProduct/title ；2026-11 核对',
    },
    {
      id: 'mercadolibre.title.emoji',
      field: 'title',
      level: 'recommended',
      kind: 'noEmoji',
      text: '建议标题不用表情符号',
      source: `${TITLE_GUIDE}；不用表情是出海助手的判断`,
    },
    {
      id: 'mercadolibre.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '标题不能含网址或联系方式',
      source: LISTING_POLICY,
    },
    {
      id: 'mercadolibre.description.words',
      field: 'description',
      level: 'recommended',
      kind: 'minWords',
      limit: 30,
      text: '建议商品描述不少于 30 个词，写规格表里没有的细节',
      source:
        'Mercado Libre Developers「Item description」：描述补充规格表里没有的信息，https://developers.mercadolibre.com.ar/devsite/item-description ；30 词为出海助手的判断；2026-11 核对',
    },
    {
      id: 'mercadolibre.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址、邮箱等联系方式',
      source: LISTING_POLICY,
    },
  ],
};
