import type { MarketplaceRules } from '../types.ts';

/** Lazada's own policy, the same text on its Philippine and Malaysian seller communities. */
const CONTENT_POLICY =
  'Lazada「Inappropriate and Misleading Content Policy」（商品标题：不重复关键词、不写不相关的品牌、不含表情和特殊符号）https://community.lazada.com.ph/article/inappropriate-and-misleading-content-policy-970200-hc ；马来西亚站同文 https://community.lazada.com.my/article/inappropriate-and-misleading-content-policy-886600-hc ；2026-11 核对';
/** Found only as sellers' restatements of Lazada's 产品标题滥用政策, so said to be our judgement. */
const TITLE_ABUSE_RESTATED =
  '出海助手的判断：Lazada「产品标题滥用政策」只找到第三方转述（标题 15–100 字符；非 LazMall 店铺不写 Original / Genuine / Authentic），https://m.xeeger.com/article/46344 ；2026-11 核对';
const HIGHLIGHTS =
  '出海助手的判断：Lazada 的 Highlights（short description）以要点列出卖点，Lazada 培训资料《Image & Content Guideline》建议写清卖点，https://ja.scribd.com/document/356331009/MY-Image-Content-Guideline-080217 ；条数上限为我们的建议；2026-11 核对';

/**
 * Lazada, its six Southeast Asian sites: a name, Highlights (the short description, written as
 * bullets) and a description, each site in its buyers' language.
 */
export const lazadaRules: MarketplaceRules = {
  id: 'lazada',
  name: 'Lazada',
  sites: [
    { id: 'SG', name: '新加坡站', language: 'en' },
    {
      id: 'MY',
      name: '马来西亚站',
      language: 'en',
      note: '马来西亚站默认用英语撰写（站上 listing 多用英语）；TikTok Shop 依马来西亚 2024 年电子交易条例要求马来语，Lazada 的公开文档里没有找到同样的要求（2026-11 查过）。',
    },
    { id: 'TH', name: '泰国站', language: 'th' },
    { id: 'VN', name: '越南站', language: 'vi' },
    { id: 'ID', name: '印尼站', language: 'id' },
    { id: 'PH', name: '菲律宾站', language: 'en' },
  ],
  bullets: 5,
  searchTerms: false,
  rules: [
    {
      id: 'lazada.title.max',
      field: 'title',
      level: 'required',
      kind: 'maxChars',
      limit: 255,
      text: '商品名称不超过 255 个字符（卖家中心的字段上限）',
      source:
        '出海助手的判断：卖家中心商品名称字段上限 255 字符，未找到 Lazada 公开的文档，按字段上限检查；2026-11 核对',
    },
    {
      id: 'lazada.title.concise',
      field: 'title',
      level: 'recommended',
      kind: 'maxChars',
      limit: 100,
      text: '建议商品名称不超过 100 个字符，只写品牌、品类、型号和关键属性',
      source: TITLE_ABUSE_RESTATED,
    },
    {
      id: 'lazada.title.min',
      field: 'title',
      level: 'recommended',
      kind: 'minChars',
      limit: 15,
      text: '建议商品名称不少于 15 个字符',
      source: TITLE_ABUSE_RESTATED,
    },
    {
      id: 'lazada.title.emoji',
      field: 'title',
      level: 'required',
      kind: 'noEmoji',
      text: '商品名称不能含表情符号',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.title.chars',
      field: 'title',
      level: 'required',
      kind: 'forbiddenChars',
      chars: '*$~#@^{}<>|★☆♥♡✓✔✨【】',
      text: '商品名称不能含装饰性的特殊符号，如 ★ ♥ ✓ 【】 # @',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.title.repeats',
      field: 'title',
      level: 'recommended',
      kind: 'maxWordRepeats',
      limit: 2,
      text: '不要重复堆砌关键词：同一个词最多出现 2 次',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.title.platforms',
      field: 'title',
      level: 'required',
      kind: 'bannedPhrases',
      phrases: [
        'shopee',
        'tik tok',
        'tik tok shop',
        'tokopedia',
        'amazon',
        'temu',
        'aliexpress',
        'taobao',
        'ebay',
      ],
      text: '商品名称不能提其他电商平台（政策里「不相关的品牌名」）',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.title.authentic',
      field: 'title',
      level: 'recommended',
      kind: 'bannedPhrases',
      phrases: ['original', 'genuine', 'authentic', 'asli', 'chính hãng'],
      text: '非 LazMall 店铺建议不写「正品」类字样（Original、Genuine、Authentic 及当地说法）',
      source: TITLE_ABUSE_RESTATED,
    },
    {
      id: 'lazada.title.contact',
      field: 'title',
      level: 'required',
      kind: 'noContact',
      text: '商品名称不能含网址或联系方式',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.bullets.max',
      field: 'bullets',
      level: 'recommended',
      kind: 'maxItems',
      limit: 5,
      text: '卖点要点（Highlights）建议不超过 5 条，手机上一屏看得完',
      source: HIGHLIGHTS,
    },
    {
      id: 'lazada.bullets.min',
      field: 'bullets',
      level: 'recommended',
      kind: 'minItems',
      limit: 3,
      text: '卖点要点（Highlights）建议至少 3 条',
      source: HIGHLIGHTS,
    },
    {
      id: 'lazada.bullets.contact',
      field: 'bullets',
      level: 'required',
      kind: 'noContact',
      text: '卖点要点不能含网址或联系方式',
      source: CONTENT_POLICY,
    },
    {
      id: 'lazada.description.words',
      field: 'description',
      level: 'recommended',
      kind: 'minWords',
      limit: 30,
      text: '建议商品描述不少于 30 个词，写清功能、规格和包装内容',
      source: HIGHLIGHTS,
    },
    {
      id: 'lazada.description.contact',
      field: 'description',
      level: 'required',
      kind: 'noContact',
      text: '商品描述不能含网址或站外联系方式',
      source: CONTENT_POLICY,
    },
  ],
};
