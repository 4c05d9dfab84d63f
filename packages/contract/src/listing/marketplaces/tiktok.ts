import type { MarketplaceRules } from '../types.ts';

const SOURCE =
  'TikTok Shop Seller University「Product Listing: What You Need to Know」与「Product Titles, Descriptions, Images & Videos」；2026-11 核对';

/** TikTok Shop: a title and a description, no bullets or search terms. */
export const tiktokRules: MarketplaceRules = {
  id: 'tiktok',
  name: 'TikTok Shop',
  sites: [
    { id: 'US', name: '美国站', language: 'en' },
    { id: 'UK', name: '英国站', language: 'en' },
  ],
  bullets: 0,
  searchTerms: false,
  rules: [
    {
      id: 'tiktok.title.max',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 255,
      text: '商品名称不超过 255 个字符',
      source: SOURCE,
    },
    {
      id: 'tiktok.title.min',
      field: 'title',
      level: 'required',
      kind: 'minChars',
      limit: 25,
      text: '商品名称至少 25 个字符',
      source: SOURCE,
    },
    {
      id: 'tiktok.title.promotional',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: [
        '% off',
        'free shipping',
        'best price',
        'limited time',
        'tiktok',
        'amazon',
        'temu',
        'shopee',
        'ebay',
      ],
      text: '商品名称不能有促销信息（如 x% off），也不能提 TikTok 或其他电商平台',
      source: SOURCE,
    },
    {
      id: 'tiktok.title.chars',
      field: 'title',
      level: 'required',
      kind: 'forbiddenChars',
      chars: '!*$?~#@^{}<>|',
      text: '商品名称不能用符号或特殊字符',
      source: SOURCE,
    },
    {
      id: 'tiktok.title.emoji',
      field: 'title',
      level: 'required',
      kind: 'noEmoji',
      text: '商品名称不能含表情符号',
      source: SOURCE,
    },
    {
      id: 'tiktok.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '商品名称不能含网址或卖家联系方式',
      source: SOURCE,
    },
    {
      id: 'tiktok.description.words',
      field: 'description',
      level: 'required',
      kind: 'minWords',
      limit: 30,
      text: '商品描述不少于 30 个词',
      source: SOURCE,
    },
    {
      id: 'tiktok.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址或卖家联系方式',
      source: SOURCE,
    },
  ],
};
