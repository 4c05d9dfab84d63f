import type { MarketplaceRules } from '../types.ts';

const SOURCE =
  'TikTok Shop Seller University「Product Listing: What You Need to Know」与「Product Titles, Descriptions, Images & Videos」（东南亚各站同文：https://seller-vn.tiktok.com/university/essay?knowledge_id=5918681919178512&lang=en ）；2026-11 核对';
/** The title's length is in the bulk-upload template, not in the guide. */
const TEMPLATE =
  'TikTok Shop 卖家中心批量上传模板（印尼站）：「Product name must be less than 255 characters」，https://www.scribd.com/document/837433897/Tiktoksellercenter-Phones-Electronics-20250214-Template ；2026-11 核对';

/**
 * TikTok Shop: a title and a description, no bullets or search terms. Southeast Asia's sites publish
 * the same listing guide as the US and UK, each in its buyers' language; Malaysia's in Malay.
 */
export const tiktokRules: MarketplaceRules = {
  id: 'tiktok',
  name: 'TikTok Shop',
  sites: [
    { id: 'US', name: '美国站', language: 'en' },
    { id: 'UK', name: '英国站', language: 'en' },
    {
      id: 'ID',
      name: '印尼站',
      language: 'id',
      note: '印尼站现为 TikTok Shop by Tokopedia，商品发布规则同下表（https://seller-id.tokopedia.com/university/essay?knowledge_id=10000849&lang=en ）。',
    },
    { id: 'TH', name: '泰国站', language: 'th' },
    { id: 'VN', name: '越南站', language: 'vi' },
    {
      id: 'MY',
      name: '马来西亚站',
      language: 'ms',
      note: 'TikTok Shop 东南亚商品发布指南写明：依马来西亚国内贸易及生活成本部《2024 消费者保护（电子交易）条例》，标题和描述须用马来语（Bahasa Melayu），英语只能作补充；所以马来西亚站的 listing 用马来语撰写（指南中文转述：https://www.tikclubs.com/business-college/ecommerce-intro/1 ，2026-11 核对）。',
    },
    { id: 'PH', name: '菲律宾站', language: 'en' },
    { id: 'SG', name: '新加坡站', language: 'en' },
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
      source: TEMPLATE,
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
        'tik tok',
        'tik tok shop',
        'amazon',
        'temu',
        'shopee',
        'ebay',
        'lazada',
        'tokopedia',
        // The same promotions in Southeast Asia's languages.
        'ส่งฟรี',
        'ลดราคา',
        'gratis ongkir',
        'free ongkir',
        'miễn phí vận chuyển',
        'freeship',
        'penghantaran percuma',
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
