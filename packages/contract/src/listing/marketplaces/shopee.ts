import type { MarketplaceRules } from '../types.ts';

const SOURCE = 'Shopee Seller Education Hub 商品发布指南（新加坡、马来西亚、菲律宾站）；2026-11 核对';
/** Shopee's listing-violation policy, found only as sellers' restatements of it. */
const ADVERTISEMENT =
  'Shopee「Listing Violations」之「Advertisement」：不能在商品信息里宣传其他销售渠道（如 Lazada）；Shopee 的原文未在公开资料里找到，转述见 https://sitegiant.my/blog/shopee-listing-violation-policy/ 与 https://bigseller.com/blog/articleDetails/20/What-are-Listing-Violations-on-Shopee-and-How-to-Avoid-it.htm ；2026-11 核对';
/** Other sales channels, in the names buyers of Shopee's sites know them by. */
const OTHER_CHANNELS = [
  'lazada',
  'tik tok',
  'tik tok shop',
  'tokopedia',
  'amazon',
  'temu',
  'mercado libre',
  'mercado livre',
];

/** Said under each local site: whose rules these are there. */
const LOCAL_SITE_NOTE =
  '用下表同一套规则，listing 用各站当地的语言撰写（泰语、越南语、印尼语、巴西葡萄牙语、墨西哥西班牙语）。这些站自己的标题、描述上限没有在 Shopee 公开的卖家文档里找到（2026-11 查过），所以沿用新加坡、马来西亚、菲律宾站的上限是我们的判断；主图用 Shopee 的规则。';

/**
 * Shopee, Southeast Asia, Taiwan and Latin America: a name and a description. The limits are written
 * in the Education Hub of the English-language sites; the local sites' own limits were not found in
 * documentation Shopee publishes (docs/listing-rules.md), so the same rules hold there as our
 * judgement, and each listing is written in its buyers' language.
 */
export const shopeeRules: MarketplaceRules = {
  id: 'shopee',
  name: 'Shopee',
  sites: [
    { id: 'SG', name: '新加坡站', language: 'en' },
    { id: 'MY', name: '马来西亚站', language: 'en' },
    { id: 'PH', name: '菲律宾站', language: 'en' },
    {
      id: 'TW',
      name: '台湾站',
      language: 'zh-TW',
      note: '用下表同一套规则，listing 用繁体中文（台湾用语）撰写。台湾站自己的标题、描述上限没有在 Shopee 公开的卖家文档里找到（2026-11 查过，只有第三方转述，不算来源），所以这套规则用在台湾站是我们的判断；主图用 Shopee 的规则，台湾站没有另外公布的主图规则（docs/decisions.md「繁体中文（台湾）」）。',
    },
    { id: 'TH', name: '泰国站', language: 'th', note: LOCAL_SITE_NOTE },
    { id: 'VN', name: '越南站', language: 'vi', note: LOCAL_SITE_NOTE },
    { id: 'ID', name: '印尼站', language: 'id', note: LOCAL_SITE_NOTE },
    { id: 'BR', name: '巴西站', language: 'pt-BR', note: LOCAL_SITE_NOTE },
    { id: 'MX', name: '墨西哥站', language: 'es-MX', note: LOCAL_SITE_NOTE },
  ],
  bullets: 0,
  searchTerms: false,
  rules: [
    {
      id: 'shopee.title.max',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 120,
      text: '商品名称不超过 120 个字符',
      source: SOURCE,
    },
    {
      id: 'shopee.title.min',
      field: 'title',
      level: 'recommended',
      kind: 'minChars',
      limit: 20,
      text: '建议商品名称不少于 20 个字符，写清品类和关键属性',
      source: SOURCE,
    },
    {
      id: 'shopee.title.emoji',
      field: 'title',
      level: 'recommended',
      kind: 'noEmoji',
      text: '建议商品名称不用表情符号',
      source: SOURCE,
    },
    {
      id: 'shopee.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '商品名称不能含网址或联系方式',
      source: SOURCE,
    },
    {
      id: 'shopee.title.channels',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: OTHER_CHANNELS,
      text: '商品名称不能提其他销售渠道（Lazada、TikTok 等）',
      source: ADVERTISEMENT,
    },
    {
      id: 'shopee.description.max',
      field: 'description',
      level: 'required',
      kind: 'maxChars',
      limit: 3000,
      text: '商品描述不超过 3000 个字符',
      source: SOURCE,
    },
    {
      id: 'shopee.description.min',
      field: 'description',
      level: 'recommended',
      kind: 'minChars',
      limit: 100,
      text: '建议商品描述不少于 100 个字符',
      source: SOURCE,
    },
    {
      id: 'shopee.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址或站外联系方式',
      source: SOURCE,
    },
    {
      id: 'shopee.description.channels',
      field: 'description',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: OTHER_CHANNELS,
      text: '商品描述不能宣传其他销售渠道（Lazada、TikTok 等）',
      source: ADVERTISEMENT,
    },
  ],
};
