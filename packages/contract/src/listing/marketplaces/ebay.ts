import type { MarketplaceRules } from '../types.ts';

const SOURCE =
  'eBay Catalog Best Practices「Title guidelines」与 eBay 链接政策（Links policy）；2026-11 核对';

/** eBay: an 80-character title (longer is cut off in search) and a description without off-eBay links. */
export const ebayRules: MarketplaceRules = {
  id: 'ebay',
  name: 'eBay',
  sites: [
    { id: 'US', name: '美国站', language: 'en' },
    { id: 'UK', name: '英国站', language: 'en' },
    { id: 'DE', name: '德国站', language: 'de' },
  ],
  bullets: 0,
  searchTerms: false,
  rules: [
    {
      id: 'ebay.title.length',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 80,
      text: '标题不超过 80 个字符',
      source: SOURCE,
    },
    {
      id: 'ebay.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '标题不能含网址、邮箱等联系方式',
      source: SOURCE,
    },
    {
      id: 'ebay.title.promotional',
      field: 'title',
      level: 'recommended',
      kind: 'bannedPhrases',
      phrases: ['free shipping', 'l@@k', 'wow', 'best price', 'kostenloser versand'],
      text: '建议标题不写促销、运费和 L@@K 之类吸引眼球的词',
      source: SOURCE,
    },
    {
      id: 'ebay.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含站外链接或联系方式',
      source: SOURCE,
    },
  ],
};
