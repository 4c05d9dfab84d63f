import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { formatCode, formatNumber } from './number-format.ts';
import { badSheet, SheetRefusal, tooManyRows, unreadableXlsx } from './sheet-errors.ts';
import type { SheetLimits, SheetRow } from './sheet-row.ts';
import { MalformedXml, readXml } from './xml-stream.ts';

/** `C5` → 2 (column C, from 0); null without letters. */
function columnOf(ref: string | undefined): number | null {
  const letters = /^[A-Za-z]{1,3}/.exec(ref ?? '')?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** OOXML's own escape for characters XML cannot hold: `_x000D_` is a carriage return. */
const unescapeOoxml = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A number cell as Excel shows it in 「常规」: at most 15 significant digits, no exponent below 1e21. */
function numberText(value: string): string {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? String(Number(number.toPrecision(15))) : value;
}

/** A part's XML read with `handlers`; broken XML is a broken file. */
function parse(part: Uint8Array, handlers: Parameters<typeof readXml>[1]) {
  try {
    readXml(part, handlers);
  } catch (error) {
    if (error instanceof MalformedXml) throw unreadableXlsx('文件内容不是规范的 XML（可能已损坏）');
    throw error;
  }
}

/** The text of each `<si>` (rich-text runs joined; phonetic guides `<rPh>` left out). */
function sharedStrings(part: Uint8Array | undefined): string[] {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  if (!part) return strings;
  parse(part, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't') inText = true;
    },
    close(name) {
      if (name === 'si') strings.push(unescapeOoxml(current));
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && phonetic === 0) current += text;
    },
  });
  return strings;
}

/**
 * Each cell style's number format code (`<cellXfs>` in order; a cell's `s` is an index into it), null
 * for 「常规」 and formats read as 常规. A code typed as 00123 into a number cell is stored as 123 with
 * the format `00000`: the format is what keeps its zeros.
 */
function cellFormats(part: Uint8Array | undefined): (string | null)[] {
  const own = new Map<number, string>();
  const formats: (string | null)[] = [];
  let inCellXfs = false;
  if (!part) return formats;
  parse(part, {
    open(name, attrs) {
      if (name === 'numFmt' && attrs.formatCode !== undefined)
        own.set(Number.parseInt(attrs.numFmtId ?? '', 10), attrs.formatCode);
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs)
        formats.push(formatCode(Number.parseInt(attrs.numFmtId ?? '0', 10), own));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/**
 * A cell's text as Excel shows it, by its type: a shared string's index, inline text, a boolean, a
 * number under its style's number format.
 */
function cellText(
  type: string,
  value: string,
  inline: string,
  strings: string[],
  format: string | null,
): string {
  if (type === 's') return strings[Number.parseInt(value, 10)] ?? '';
  if (type === 'inlineStr') return unescapeOoxml(inline);
  if (type === 'b') return value.trim() === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n') {
    const number = Number(value);
    const shown = format && value.trim() !== '' ? formatNumber(number, format) : null;
    return shown ?? numberText(value);
  }
  return unescapeOoxml(value);
}

/**
 * The rows of a worksheet with something in them, each cell where its reference puts it (`C5` is
 * row 5, column C). Cells right of `maxColumns` are left out; past `maxRows` rows it stops with a 400.
 */
function sheetRows(
  part: Uint8Array,
  strings: string[],
  formats: (string | null)[],
  limits: SheetLimits,
): SheetRow[] {
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let lastRow = 0;
  let column = -1;
  let type = '';
  let format: string | null = null;
  let value = '';
  let inline = '';
  let into: 'v' | 't' | null = null;
  let phonetic = 0;
  parse(part, {
    open(name, attrs) {
      if (name === 'row') {
        const number = Number.parseInt(attrs.r ?? '', 10);
        lastRow = number > 0 ? number : lastRow + 1;
        row = { row: lastRow, cells: [] };
        column = -1;
      } else if (name === 'c') {
        column = columnOf(attrs.r) ?? column + 1;
        type = attrs.t ?? 'n';
        format = formats[Number.parseInt(attrs.s ?? '0', 10)] ?? null;
        value = '';
        inline = '';
      } else if (name === 'v') into = 'v';
      else if (name === 't') into = 't';
      else if (name === 'rPh') phonetic += 1;
    },
    close(name) {
      if (name === 'v' || name === 't') into = null;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && row && column >= 0 && column < limits.maxColumns) {
        const text = cellText(type, value, inline, strings, format);
        if (text === '') return;
        while (row.cells.length < column) row.cells.push('');
        row.cells[column] = text;
      } else if (name === 'row' && row) {
        if (row.cells.some((cell) => cell.trim() !== '')) rows.push(row);
        if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);
        row = null;
      }
    },
    text(text) {
      if (into === 'v') value += text;
      else if (into === 't' && phonetic === 0) inline += text;
    },
  });
  return rows;
}

/** `target` of a relationship in the part at `from` (`xl/workbook.xml`), as a path in the ZIP. */
function resolvePart(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1).toLowerCase();
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece && piece !== '.') parts.push(piece);
  }
  return parts.join('/').toLowerCase();
}

/** The relationships of a part (its `_rels/NAME.rels`): id → target path, and type → target path. */
function relationships(part: Uint8Array | undefined, from: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  if (!part) return { byId, byType };
  parse(part, {
    open(name, { Id, Type: type, Target }) {
      if (name !== 'Relationship' || !Target) return;
      const path = resolvePart(from, Target);
      if (Id) byId.set(Id, path);
      const kind = type?.split('/').at(-1);
      if (kind && !byType.has(kind)) byType.set(kind, path);
    },
  });
  return { byId, byType };
}

const relsOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

const pathOf = (name: string) => name.replaceAll('\\', '/').replace(/^\/+/, '').toLowerCase();

/**
 * The package's directory, read by yauzl (made for ZIPs from strangers: it checks names and, as
 * each entry unpacks, that it is no bigger than its directory entry says). Entries past
 * `maxEntries` are a 400. A name that appears twice maps to null: such a part is never read.
 */
async function directory(bytes: Uint8Array, limits: SheetLimits) {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
      lazyEntries: true,
    });
  } catch {
    throw unreadableXlsx('文件已损坏');
  }
  if (zip.entryCount > limits.maxEntries)
    throw unreadableXlsx(`压缩包里有 ${zip.entryCount} 个条目，超过 ${limits.maxEntries} 个的上限`);
  const entries = new Map<string, Entry | null>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      const path = pathOf(entry.fileName);
      entries.set(path, entries.has(path) ? null : entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', () => reject(unreadableXlsx('文件已损坏')));
    zip.readEntry();
  });
  return { zip, entries, read: new Set<string>() };
}

type Package = Awaited<ReturnType<typeof directory>>;

/** One part unpacked, once, at most `maxUnpackedBytes`; undefined when the package has no such part. */
async function unpack({ zip, entries, read }: Package, path: string, limits: SheetLimits) {
  const entry = entries.get(path);
  if (entry === undefined) return undefined;
  if (entry === null) throw unreadableXlsx(`「${path}」在压缩包里出现了不止一次`);
  // Each part has one role; a package that names one part for two is built to be read twice.
  if (read.has(path)) throw unreadableXlsx(`「${path}」被引用了不止一次`);
  read.add(path);
  const tooBig = () =>
    unreadableXlsx(`「${entry.fileName}」解压后超过 ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB`);
  if (entry.uncompressedSize > limits.maxUnpackedBytes) throw tooBig();
  if (!entry.canDecodeFileData()) throw unreadableXlsx('压缩方式不支持或文件已加密');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // yauzl stops an entry that unpacks past its stated size; this is only the second fence.
      if (size > limits.maxUnpackedBytes) {
        stream.destroy();
        throw tooBig();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    throw unreadableXlsx('文件已损坏');
  }
  return Buffer.concat(chunks);
}

/**
 * The rows of an XLSX workbook's first visible sheet. An XLSX is a ZIP of XML parts: the package's
 * relationships name the workbook, the workbook's name its sheets (in tab order) and the shared
 * strings and the styles (number formats). Only those six parts are unpacked, each once and at most `maxUnpackedBytes`.
 */
export async function readXlsx(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRow[]> {
  const pkg = await directory(bytes, limits);
  const workbookPath =
    relationships(await unpack(pkg, '_rels/.rels', limits), '').byType.get('officeDocument') ??
    'xl/workbook.xml';
  const workbook = await unpack(pkg, workbookPath, limits);
  // A ZIP without a workbook is most often the photos' ZIP picked for the sheet.
  if (workbook === undefined)
    throw badSheet(
      '这是一个普通的 ZIP 压缩包，不是 XLSX 表格：商品表请选 CSV 或 XLSX 文件，照片压缩包放在照片那一栏',
    );
  const rels = relationships(await unpack(pkg, relsOf(workbookPath), limits), workbookPath);
  // The first visible sheet in tab order; a workbook of hidden sheets only gives its first.
  let visible: string | undefined;
  let first: string | undefined;
  parse(workbook, {
    open(name, attrs) {
      if (name !== 'sheet' || visible) return;
      const path = rels.byId.get(attrs.id ?? '');
      if (path && attrs.state !== 'hidden' && attrs.state !== 'veryHidden') visible = path;
      first ??= path;
    },
  });
  const sheetPath = visible ?? first;
  if (!sheetPath) throw unreadableXlsx('工作簿里没有工作表');
  const stringsPath = rels.byType.get('sharedStrings') ?? 'xl/sharedstrings.xml';
  const strings = sharedStrings(await unpack(pkg, stringsPath, limits));
  const formats = cellFormats(await unpack(pkg, rels.byType.get('styles') ?? 'xl/styles.xml', limits));
  const sheet = await unpack(pkg, sheetPath, limits);
  if (sheet === undefined) throw unreadableXlsx('找不到第一张工作表');
  return sheetRows(sheet, strings, formats, limits);
}
