import {
  csvFile,
  ListingFacts,
  LOCALISE_CATALOGUE_COLUMNS,
  LOCALISE_LIMITS,
  type LocaliseCatalogueKey,
  LocaliseProduct,
  type LocaliseRefusedRow,
  ResultCode,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import type { SheetRow } from '../../lib/sheet/read-sheet.ts';

/** A row of the catalogue that passed the sheet's checks; its photos are still to be found. */
export interface CatalogueRow {
  row: number;
  code: string;
  facts: ListingFacts;
}

export interface CatalogueSheet {
  rows: CatalogueRow[];
  refused: LocaliseRefusedRow[];
  /** Each code that a row named (lower case) → that row, taken or refused: photos are matched by it. */
  codes: Map<string, { row: number; code: string; taken: boolean }>;
}

/** Other names sellers give the columns (and the English keys): compared without case, spaces or notes. */
const ALIASES: Record<LocaliseCatalogueKey, string[]> = {
  code: ['编码', '商品编号', '货号', 'sku', '商品sku', 'productcode'],
  productName: ['名称', '商品名', '品名', 'name', 'product'],
  brand: ['品牌名'],
  material: ['材料', '面料'],
  size: ['规格', '尺码', '规格尺寸'],
  sellingPoints: ['产品卖点', '商品卖点'],
  keywords: ['关键字', '搜索词'],
  inTheBox: ['包装内容', '包装清单内容', 'box'],
};

/** `商品名称（必填）`, ` Product Name `, `selling_points` → comparable forms. */
const comparable = (header: string) =>
  header
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[\s*＊_\-:：]/g, '')
    .toLowerCase();

const HEADERS = new Map<string, LocaliseCatalogueKey>(
  LOCALISE_CATALOGUE_COLUMNS.flatMap((column) =>
    [column.header, column.key, ...ALIASES[column.key]].map(
      (name) => [comparable(name), column.key] as const,
    ),
  ),
);

/** The longest a field may be, as the schemas the estimate checks say (in code points, as TypeBox counts). */
const maxLengthOf = (key: LocaliseCatalogueKey): number =>
  Reflect.get(key === 'code' ? LocaliseProduct.properties.code : ListingFacts.properties[key], 'maxLength');

const HEADER_OF = Object.fromEntries(LOCALISE_CATALOGUE_COLUMNS.map((c) => [c.key, c.header])) as Record<
  LocaliseCatalogueKey,
  string
>;

/** Rows past the product limit are refused one by one up to here; a longer sheet is refused whole. */
export const MOST_ROWS = LOCALISE_LIMITS.products * 4;

const bad = (msg: string) => new AppError(ResultCode.badRequest, msg);

/** `GET /api/v1/localise/catalogue-template`: the header and one example row, with a BOM so Excel reads UTF-8. */
export function catalogueTemplate(): string {
  return csvFile(
    LOCALISE_CATALOGUE_COLUMNS.map((c) => c.header),
    [LOCALISE_CATALOGUE_COLUMNS.map((c) => c.example)],
  );
}

/** Column index of each field the header names (the first column of each name wins). */
function readHeader(header: SheetRow): Map<LocaliseCatalogueKey, number> {
  const columns = new Map<LocaliseCatalogueKey, number>();
  for (const [index, cell] of header.cells.entries()) {
    const key = HEADERS.get(comparable(cell));
    if (key && !columns.has(key)) columns.set(key, index);
  }
  const missing = LOCALISE_CATALOGUE_COLUMNS.filter((c) => c.required && !columns.has(c.key));
  if (missing.length > 0)
    throw bad(
      `商品表第 ${header.row} 行应是表头，缺少${missing.map((c) => `「${c.header}」`).join('')}列；` +
        `表头依次是 ${LOCALISE_CATALOGUE_COLUMNS.map((c) => c.header).join('、')}，可下载模板对照`,
    );
  return columns;
}

/**
 * The catalogue's rows checked one by one: the first row that is not empty is the header; each row
 * after it is a product, or refused with every reason in Chinese (an empty or repeated 商品编码, no
 * 商品名称, a field longer than a listing takes, past the LOCALISE_LIMITS.products a job takes).
 * Only a sheet with no header or no product is refused whole (400).
 */
export function readCatalogueSheet(sheet: SheetRow[]): CatalogueSheet {
  const [header, ...data] = sheet;
  if (!header) throw bad('商品表是空的，请按模板填写后再上传');
  const columns = readHeader(header);
  if (data.length === 0) throw bad('商品表里只有表头，没有商品，请从第 2 行起每行填一个商品');
  // Past this many rows the sheet is not one batch with a few extra rows: one message, not thousands.
  if (data.length > MOST_ROWS)
    throw bad(
      `商品表有 ${data.length} 行商品，一次最多 ${LOCALISE_LIMITS.products} 个，请分成几个表分批上传`,
    );
  const result: CatalogueSheet = { rows: [], refused: [], codes: new Map() };
  for (const { row, cells } of data) {
    const cell = (key: LocaliseCatalogueKey) => {
      const index = columns.get(key);
      return index === undefined ? '' : (cells[index] ?? '');
    };
    const code = cell('code');
    const reasons: string[] = [];
    if (!code) reasons.push('商品编码为空');
    const earlier = result.codes.get(code.toLowerCase());
    if (code && earlier) reasons.push(`商品编码和第 ${earlier.row} 行重复`);
    if (!cell('productName')) reasons.push('没有填商品名称');
    for (const { key } of LOCALISE_CATALOGUE_COLUMNS) {
      const length = [...cell(key)].length;
      if (length > maxLengthOf(key))
        reasons.push(`「${HEADER_OF[key]}」有 ${length} 个字，超过 ${maxLengthOf(key)} 个字的上限`);
    }
    if (reasons.length === 0 && result.rows.length >= LOCALISE_LIMITS.products)
      reasons.push(`一次最多 ${LOCALISE_LIMITS.products} 个商品，这一行超出了，请放到下一批上传`);
    if (code && !earlier) result.codes.set(code.toLowerCase(), { row, code, taken: reasons.length === 0 });
    if (reasons.length > 0) {
      result.refused.push({ row, code, reason: reasons.join('；') });
      continue;
    }
    result.rows.push({
      row,
      code,
      facts: {
        productName: cell('productName'),
        brand: cell('brand'),
        material: cell('material'),
        size: cell('size'),
        sellingPoints: cell('sellingPoints'),
        keywords: cell('keywords'),
        inTheBox: cell('inTheBox'),
      },
    });
  }
  return result;
}
