/**
 * 一键出海's catalogue: a CSV or XLSX of products, one a row, under a header row. The columns in
 * order, as the template names them; `key` is the LocaliseProduct field (`code`) or the ListingFacts
 * field it fills. English keys are taken as headers too.
 */
export const LOCALISE_CATALOGUE_COLUMNS = [
  { key: 'code', header: '商品编码', required: true, example: 'SKU-001' },
  { key: 'productName', header: '商品名称', required: true, example: '出海牌真空保温杯 750ml' },
  { key: 'brand', header: '品牌', required: false, example: '出海牌' },
  { key: 'material', header: '材质', required: false, example: '304 不锈钢' },
  { key: 'size', header: '尺寸', required: false, example: '750 ml，高 26 cm' },
  {
    key: 'sellingPoints',
    header: '卖点',
    required: false,
    example: '保冷 24 小时，保热 12 小时；一键弹盖，单手可开；杯身防滑硅胶套',
  },
  { key: 'keywords', header: '关键词', required: false, example: '保温杯, 水杯, 户外水壶' },
  { key: 'inTheBox', header: '包装清单', required: false, example: '水杯 1 个，杯刷 1 把，说明书 1 份' },
] as const;

export type LocaliseCatalogueKey = (typeof LOCALISE_CATALOGUE_COLUMNS)[number]['key'];

/** How the photos in the ZIP are named, in the seller's words (shown by the page and the docs). */
export const LOCALISE_PHOTO_NAMING =
  '照片按商品编码命名：SKU-001.jpg、SKU-001-1.jpg、SKU-001_2.png、SKU-001 (3).jpg，或放进以编码命名的文件夹 SKU-001/任意名字.jpg；编码不分大小写，按名字里的数字排序，第一张做主图，其余做详情图。';
