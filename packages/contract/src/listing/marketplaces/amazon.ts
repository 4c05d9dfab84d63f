import type { MarketplaceRules } from '../types.ts';

const TITLE_SOURCE =
  'Amazon Seller Central「Product title requirements and guidelines」(help 201100890，「apply to all product types, except media product types, in all of our worldwide stores」) https://sellercentral-europe.amazon.com/help/hub/reference/external/201100890 ，2025-01-21 起执行；2026-11 核对';
const BULLET_SOURCE =
  'Amazon Seller Central「Product bullet point requirements」，2024-08-15 起执行；2026-11 核对';
const LISTING_SOURCE =
  'Amazon Seller Central「Use search terms effectively」与详情页规则（标题、描述、五点里不能有电话、地址、邮箱、网址） https://sellercentral.amazon.com/gp/help/external/help.html?itemID=200390640 ；2026-11 核对';

/** Promotional phrases in the marketplace's languages; the first two are Amazon's own examples. */
const PROMOTIONAL = [
  'free shipping',
  '100% quality guaranteed',
  'best seller',
  'hot item',
  'hot sale',
  'limited time',
  'kostenloser versand',
  'gratis versand',
  'livraison gratuite',
  'spedizione gratuita',
  'envío gratis',
  'gratis verzending',
  'darmowa dostawa',
  'fri frakt',
  'gratis frakt',
  '送料無料',
  'ベストセラー',
];

/**
 * Amazon, every site. The title rules are the 2025 rules that suppress a listing from search; the
 * bullet rules the 2024 ones under which Amazon edits or removes a bullet itself.
 */
export const amazonRules: MarketplaceRules = {
  id: 'amazon',
  name: '亚马逊',
  sites: [
    { id: 'US', name: '美国站', language: 'en' },
    { id: 'UK', name: '英国站', language: 'en' },
    { id: 'DE', name: '德国站', language: 'de' },
    { id: 'FR', name: '法国站', language: 'fr' },
    { id: 'IT', name: '意大利站', language: 'it' },
    { id: 'ES', name: '西班牙站', language: 'es' },
    { id: 'JP', name: '日本站', language: 'ja' },
    // Issue 55's sites: the same title, bullet and description rules (Amazon writes them for every
    // store), each in its buyers' language; where a site's own help pages add something, it is said.
    {
      id: 'MX',
      name: '墨西哥站',
      language: 'es-MX',
      note: '用下表同一套规则（Amazon 的标题要求适用于所有站点），listing 用墨西哥西班牙语撰写（celular、carro，不是 móvil、coche）。墨西哥站的 listing 政策：https://sellercentral.amazon.com.mx/gp/help/external/help.html?itemID=200832300&language=es_MX',
    },
    {
      id: 'CA',
      name: '加拿大站',
      language: 'en',
      note: '用下表同一套规则，listing 用英语撰写；加拿大法语 listing 这次不提供。加拿大站另要求 listing 里的功效声明（anti-bacterial 之类）有依据、包装和标签按加拿大法规双语：https://sellercentral.amazon.ca/gp/help/external/G200832300?language=en_CA',
    },
    {
      id: 'AU',
      name: '澳大利亚站',
      language: 'en',
      note: '用下表同一套规则，listing 用英语撰写。澳大利亚站同样禁止在商品描述里放网址、把买家引到站外：https://sellercentral.amazon.com.au/gp/help/external/200386250?language=en_AU',
    },
    {
      id: 'NL',
      name: '荷兰站',
      language: 'nl',
      note: '用下表同一套规则，listing 用荷兰语撰写：Amazon 要求商品页面用站点的本地语言（「Informatie op de productpagina moet in de lokale taal van de specifieke marketplace worden toegevoegd」）：https://sellercentral.amazon.nl/gp/help/external/200390640',
    },
    {
      id: 'PL',
      name: '波兰站',
      language: 'pl',
      note: '用下表同一套规则，listing 用波兰语撰写。波兰站的建页规则（新建商品页面须遵守 Amazon 的页面规则，不得重复建页）：https://sellercentral.amazon.pl/gp/help/external/help.html?itemID=200253000&language=pl_PL',
    },
    {
      id: 'SE',
      name: '瑞典站',
      language: 'sv',
      note: '用下表同一套规则，listing 用瑞典语撰写。瑞典站的商品名要求（「gäller för alla icke-medieprodukter på alla Amazons globala marknadsplatser」）和详情页规则（不得有电话、网址、「gratis leverans」）：https://sellercentral.amazon.se/gp/help/external/help.html?itemID=201051300&language=sv_SE 、https://sellercentral.amazon.se/gp/help/external/G200390640?language=sv_SE',
    },
  ],
  bullets: 5,
  searchTerms: true,
  rules: [
    {
      id: 'amazon.title.length',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 200,
      text: '标题不超过 200 个字符（含空格）',
      source: TITLE_SOURCE,
    },
    {
      id: 'amazon.title.chars',
      field: 'title',
      level: 'required',
      kind: 'forbiddenChars',
      chars: '!$?_{}^¬¦',
      exceptBrand: true,
      text: '标题不能含 ! $ ? _ { } ^ ¬ ¦（品牌名本身含有的除外）',
      source: TITLE_SOURCE,
    },
    {
      id: 'amazon.title.repeats',
      field: 'title',
      level: 'required',
      kind: 'maxWordRepeats',
      limit: 2,
      text: '同一个词最多出现 2 次（冠词、介词、连词除外）',
      source: TITLE_SOURCE,
    },
    {
      id: 'amazon.title.promotional',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: PROMOTIONAL,
      text: '标题不能有促销用语，如 free shipping、100% quality guaranteed、best seller',
      source: TITLE_SOURCE,
    },
    {
      id: 'amazon.title.concise',
      field: 'title',
      level: 'recommended',
      kind: 'maxChars',
      limit: 150,
      text: '建议标题不超过 150 个字符，手机端搜索结果会截断更长的标题',
      source: 'Amazon 欧洲站标题创建指南（Limit titles to a maximum of 150 characters）；2026-11 核对',
    },
    {
      id: 'amazon.bullets.max',
      field: 'bullets',
      level: 'required',
      kind: 'maxItems',
      limit: 5,
      text: '五点描述最多 5 条',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.bullets.min',
      field: 'bullets',
      level: 'recommended',
      kind: 'minItems',
      limit: 5,
      text: '建议写满 5 条五点描述',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.bullets.length',
      field: 'bullets',
      level: 'recommended',
      kind: 'maxChars',
      limit: 255,
      text: '建议每条不超过 255 个字符，多数类目只完整显示这么长',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.bullets.chars',
      field: 'bullets',
      level: 'required',
      kind: 'forbiddenChars',
      chars: '™®€…†‡¢£¥©±~',
      text: '五点描述不能含特殊符号 ™ ® € … † ‡ ¢ £ ¥ © ± ~',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.bullets.emoji',
      field: 'bullets',
      level: 'required',
      kind: 'noEmoji',
      text: '五点描述不能含表情符号',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.bullets.contact',
      field: 'bullets',
      level: 'required',
      kind: 'noContact',
      text: '五点描述不能含网址、邮箱等联系方式',
      source: BULLET_SOURCE,
    },
    {
      id: 'amazon.description.length',
      field: 'description',
      level: 'required',
      kind: 'maxChars',
      limit: 2000,
      text: '商品描述不超过 2000 个字符',
      source: LISTING_SOURCE,
    },
    {
      id: 'amazon.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址、邮箱等联系方式',
      source: LISTING_SOURCE,
    },
    {
      id: 'amazon.searchTerms.bytes',
      field: 'searchTerms',
      level: 'required',
      kind: 'maxBytes',
      limit: 250,
      text: '搜索关键词不超过 250 字节（UTF-8：德语 ü 算 2 字节，日文每字 3 字节），超出则整段不被索引',
      source: LISTING_SOURCE,
    },
  ],
};
