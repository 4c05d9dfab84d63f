import type { MarketplaceRules } from '../types.ts';

const SOURCE = 'Shopee Seller Education Hub 商品发布指南（新加坡、马来西亚、菲律宾站）；2026-11 核对';

/**
 * Shopee's English-language sites and Taiwan: a name and a description. Taiwan's own limits were not
 * found in documentation Shopee publishes (docs/listing-rules.md): the same rules hold there as our
 * judgement, and the listing is written in Traditional Chinese.
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
  ],
};
