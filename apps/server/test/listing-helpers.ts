/** A seller's insulated bottle, as typed into Listing 工作台's form. */
export const BOTTLE_FACTS = {
  productName: '保温水杯',
  brand: 'AquaPeak',
  material: '304 不锈钢',
  size: '750 ml',
  sellingPoints: '24 小时保冷，防漏',
  keywords: 'water bottle, insulated',
  inTheBox: '水杯 1 个，清洁刷 1 个',
};

/** Amazon's US site, in English: the target most tests write for. */
export const AMAZON_US = { marketplace: 'amazon', site: 'US', language: 'en' };
