import type { RuleLevel } from '../listing/types.ts';

/**
 * Each marketplace's main-image rules as data: what the check measures and how strictly. A rule
 * the marketplace writes down as a condition of listing is `required`; one it only recommends (or
 * that we recommend where it publishes none) is `recommended`, and the report says so. The one-click
 * fix makes a `size`×`size` white image, which passes every rule of its marketplace.
 */
export interface MainImageRuleSet {
  id: ImageMarketplaceId;
  name: string;
  /** The side of the square the one-click fix makes. */
  size: number;
  /** Pure white (RGB 255) background. */
  white: RuleLevel | null;
  /** The product's longer side over the frame's. */
  fill: { level: RuleLevel; min: number; max: number } | null;
  /** The shorter side, in pixels. */
  minSide: { level: RuleLevel; px: number };
  square: RuleLevel | null;
  /**
   * Only the product: no added text, badges or watermarks, no separate objects, no see-through
   * product (the rules 'text', 'objects' and 'ghost' on a made main image).
   */
  productOnly: RuleLevel | null;
  /** Where the rules are written, with the date they were read. */
  source: string;
}

export const IMAGE_MARKETPLACE_IDS = [
  'amazon',
  'tiktok',
  'temu',
  'shopee',
  'lazada',
  'mercadolibre',
  'ebay',
  'walmart',
  'shopify',
] as const;
export type ImageMarketplaceId = (typeof IMAGE_MARKETPLACE_IDS)[number];

export const MAIN_IMAGE_RULE_SETS: Record<ImageMarketplaceId, MainImageRuleSet> = {
  amazon: {
    id: 'amazon',
    name: '亚马逊 Amazon',
    size: 2000,
    white: 'required',
    fill: { level: 'required', min: 0.8, max: 0.95 },
    minSide: { level: 'required', px: 1000 },
    square: 'recommended',
    productOnly: 'required',
    source:
      'Amazon Seller Central「Product image requirements」：主图纯白背景、产品占画面 85%、最长边 ≥ 1000 px 可放大；主图有文字、标志、图形或水印，或有商品以外的道具，会被下架（「Image rules resulting in suppression」）；2026-11 核对',
  },
  tiktok: {
    id: 'tiktok',
    name: 'TikTok Shop',
    size: 1200,
    white: 'recommended',
    fill: { level: 'recommended', min: 0.6, max: 0.95 },
    minSide: { level: 'required', px: 600 },
    square: 'recommended',
    productOnly: 'recommended',
    source:
      'TikTok Shop Seller University「Product Listing: What You Need to Know」：图片至少 600×600，主图建议白底、1:1；东南亚各站（越南、菲律宾、泰国、马来西亚、新加坡）的图片规则相同：至少 600×600、建议白底、产品占画面 60% 以上（转述：https://tkfff.com/108850.html ）；2026-11 核对',
  },
  temu: {
    id: 'temu',
    name: 'Temu',
    size: 1600,
    white: 'recommended',
    fill: { level: 'recommended', min: 0.6, max: 0.95 },
    minSide: { level: 'recommended', px: 800 },
    square: 'recommended',
    productOnly: 'recommended',
    source: 'Temu 未公开统一的主图规格；白底、1:1、≥ 800 px 为出海助手建议（2026-11 核对）',
  },
  shopee: {
    id: 'shopee',
    name: 'Shopee',
    size: 1024,
    white: 'recommended',
    fill: { level: 'recommended', min: 0.6, max: 0.95 },
    minSide: { level: 'required', px: 500 },
    square: 'recommended',
    productOnly: 'recommended',
    source: 'Shopee Seller Education Hub 商品图片指南：至少 500×500、建议 1:1 白底封面图；2026-11 核对',
  },
  lazada: {
    id: 'lazada',
    name: 'Lazada',
    size: 1000,
    white: 'recommended',
    fill: { level: 'recommended', min: 0.8, max: 0.95 },
    minSide: { level: 'required', px: 500 },
    square: 'recommended',
    productOnly: 'required',
    source:
      'Lazada《Image & Content Guideline》：图片 500×500 至 2000×2000、建议 1:1 白底、产品占最长边 80% 以上、不能有水印文字标志图形，https://ja.scribd.com/document/356331009/MY-Image-Content-Guideline-080217 ；主图只展示所售商品、不放对比图和夸大效果（「Inappropriate and Misleading Content Policy」，https://community.lazada.com.ph/article/inappropriate-and-misleading-content-policy-970200-hc ）；2026-11 核对',
  },
  mercadolibre: {
    id: 'mercadolibre',
    name: '美客多 Mercado Libre',
    size: 1200,
    white: 'required',
    fill: { level: 'recommended', min: 0.8, max: 0.95 },
    minSide: { level: 'required', px: 500 },
    square: 'recommended',
    productOnly: 'required',
    source:
      'Mercado Libre 帮助中心「Infracciones en fotos」：封面图只展示一件商品、用数字制作的纯白背景、不能有卖家标志和文字，https://www.mercadolibre.com.ar/ayuda/Fotos-en-Pagina-Principal_1024 ；Mercado Libre Developers「Working with pictures」：建议上传 1200×1200、最小 500×500、商品占画面约 95%，https://developers.mercadolibre.com.ar/en_us/working-with-pictures ；占比按 80%–95% 检查是出海助手的判断（一键修正做 85%）；2026-11 核对',
  },
  ebay: {
    id: 'ebay',
    name: 'eBay',
    size: 1600,
    white: 'recommended',
    fill: null,
    minSide: { level: 'required', px: 500 },
    square: null,
    productOnly: 'recommended',
    source: 'eBay「Picture policy」：最长边至少 500 px，建议 1600 px，背景建议白色或中性色；2026-11 核对',
  },
  walmart: {
    id: 'walmart',
    name: 'Walmart',
    size: 2200,
    white: 'required',
    fill: { level: 'recommended', min: 0.8, max: 0.95 },
    minSide: { level: 'required', px: 1500 },
    square: 'required',
    productOnly: 'required',
    source:
      'Walmart Marketplace Learn「Product detail page: Image guidelines & requirements」：纯白背景、1:1、2200×2200（放大至少 1500×1500）；2026-11 核对；「只有商品」按 Amazon 的同类规则从严要求（出海助手的判断）',
  },
  shopify: {
    id: 'shopify',
    name: '独立站 Shopify',
    size: 2048,
    white: null,
    fill: null,
    minSide: { level: 'recommended', px: 800 },
    square: null,
    productOnly: null,
    source: '独立站没有平台规则；Shopify 建议 2048×2048 的正方形图片（2026-11 核对）',
  },
};

export function isImageMarketplace(value: unknown): value is ImageMarketplaceId {
  return typeof value === 'string' && Object.hasOwn(MAIN_IMAGE_RULE_SETS, value);
}
