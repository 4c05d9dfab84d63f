import type { MarketplaceRules } from '../types.ts';

const CONDUCT = 'Temu Seller Code of Conduct（商品信息真实、禁止站外引流）；2026-11 核对';

/**
 * Temu publishes no single title limit for every category; the length here is our recommendation,
 * and says so. What Temu does write down — no contact details, nothing misleading — is required.
 */
export const temuRules: MarketplaceRules = {
  id: 'temu',
  name: 'Temu',
  sites: [
    { id: 'US', name: '美国站', language: 'en' },
    { id: 'UK', name: '英国站', language: 'en' },
    { id: 'DE', name: '德国站', language: 'de' },
  ],
  bullets: 0,
  searchTerms: false,
  rules: [
    {
      id: 'temu.title.length',
      field: 'title',
      level: 'recommended',
      kind: 'maxChars',
      limit: 250,
      text: '建议商品标题不超过 250 个字符（Temu 未公开统一上限，此为出海助手建议）',
      source: '出海助手建议；Temu 未公开统一的标题长度上限（2026-11 核对）',
    },
    {
      id: 'temu.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '商品标题不能含网址、邮箱等联系方式',
      source: CONDUCT,
    },
    {
      id: 'temu.title.promotional',
      field: 'title',
      level: 'recommended',
      kind: 'bannedPhrases',
      phrases: ['free shipping', 'best seller', 'hot sale', 'limited time', '% off'],
      text: '建议商品标题不用促销用语',
      source: CONDUCT,
    },
    {
      id: 'temu.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址、邮箱等联系方式',
      source: CONDUCT,
    },
  ],
};
