import { ResultCode } from '@chuhai/contract';
import { unzipSync } from 'fflate';
import { AppError } from '../../http/app-error.ts';
import type { SheetRow } from './sheet-row.ts';
import { xmlEvents } from './xml-tags.ts';

/** Columns read from a row; a catalogue needs a handful, and `XFD1` must not make a 16,384-cell row. */
const MAX_COLUMNS = 200;

const unreadable = (why: string) =>
  new AppError(ResultCode.badRequest, `XLSX 文件读不出来：${why}，请另存为 .xlsx 或 CSV 再上传`);

/** `C5` → 2 (column C, from 0); null without letters. */
function columnOf(ref: string | undefined): number | null {
  const letters = /^[A-Za-z]+/.exec(ref ?? '')?.[0];
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

/** The text of each `<si>` (rich-text runs joined; phonetic guides `<rPh>` left out). */
function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  for (const event of xmlEvents(xml)) {
    if (event.kind === 'open') {
      if (event.name === 'si') current = '';
      else if (event.name === 'rPh') phonetic += 1;
      else if (event.name === 't') inText = true;
    } else if (event.kind === 'close') {
      if (event.name === 'si') strings.push(unescapeOoxml(current));
      else if (event.name === 'rPh') phonetic -= 1;
      else if (event.name === 't') inText = false;
    } else if (inText && phonetic === 0) current += event.text;
  }
  return strings;
}

/** The rows of a worksheet's XML, each cell where its reference puts it (`C5` is row 5, column C). */
function sheetRows(xml: string, strings: string[]): SheetRow[] {
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let column = -1;
  let type = '';
  let value = '';
  let inline = '';
  let into: 'v' | 't' | null = null;
  let phonetic = 0;
  for (const event of xmlEvents(xml)) {
    if (event.kind === 'open') {
      if (event.name === 'row') {
        const number = Number.parseInt(event.attrs.r ?? '', 10);
        row = { row: number > 0 ? number : (rows.at(-1)?.row ?? 0) + 1, cells: [] };
        column = -1;
      } else if (event.name === 'c') {
        column = columnOf(event.attrs.r) ?? column + 1;
        type = event.attrs.t ?? 'n';
        value = '';
        inline = '';
      } else if (event.name === 'v') into = 'v';
      else if (event.name === 't') into = 't';
      else if (event.name === 'rPh') phonetic += 1;
    } else if (event.kind === 'close') {
      if (event.name === 'v' || event.name === 't') into = null;
      else if (event.name === 'rPh') phonetic -= 1;
      else if (event.name === 'c' && row && column >= 0 && column < MAX_COLUMNS) {
        const text =
          type === 's'
            ? (strings[Number.parseInt(value, 10)] ?? '')
            : type === 'inlineStr'
              ? unescapeOoxml(inline)
              : type === 'b'
                ? value.trim() === '1'
                  ? 'TRUE'
                  : 'FALSE'
                : type === 'n'
                  ? numberText(value)
                  : unescapeOoxml(value);
        while (row.cells.length < column) row.cells.push('');
        row.cells[column] = text;
      } else if (event.name === 'row' && row) {
        rows.push(row);
        row = null;
      }
    } else if (into === 'v') value += event.text;
    else if (into === 't' && phonetic === 0) inline += event.text;
  }
  return rows;
}

/** A ZIP's entries by lower-case path, read only where `wanted` says and never past `maxBytes` each. */
function readEntries(bytes: Uint8Array, wanted: (path: string) => boolean, maxBytes: number) {
  let tooBig = '';
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        const path = file.name.replaceAll('\\', '/').replace(/^\/+/, '').toLowerCase();
        if (!wanted(path)) return false;
        if (file.originalSize > maxBytes) tooBig = file.name;
        return file.originalSize <= maxBytes;
      },
    });
  } catch {
    throw unreadable('文件已损坏');
  }
  if (tooBig) throw unreadable(`「${tooBig}」解压后超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const byPath = new Map<string, string>();
  for (const [name, data] of Object.entries(entries))
    byPath.set(name.replaceAll('\\', '/').replace(/^\/+/, '').toLowerCase(), new TextDecoder().decode(data));
  return byPath;
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
function relationships(xml: string | undefined, from: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  for (const event of xmlEvents(xml ?? '')) {
    if (event.kind !== 'open' || event.name !== 'Relationship') continue;
    const { Id, Type: type, Target } = event.attrs;
    if (!Target) continue;
    const path = resolvePart(from, Target);
    if (Id) byId.set(Id, path);
    const kind = type?.split('/').at(-1);
    if (kind && !byType.has(kind)) byType.set(kind, path);
  }
  return { byId, byType };
}

const relsOf = (part: string) => {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

/**
 * The rows of an XLSX workbook's first visible sheet. An XLSX is a ZIP of XML parts: the package's
 * relationships name the workbook, the workbook's name its sheets (in tab order) and the shared
 * strings. Only those parts are unpacked, each at most `maxUnpackedBytes`.
 */
export function readXlsx(bytes: Uint8Array, maxUnpackedBytes: number): SheetRow[] {
  const structure = readEntries(
    bytes,
    (path) => path.endsWith('.rels') || path === 'xl/workbook.xml' || path.endsWith('/workbook.xml'),
    maxUnpackedBytes,
  );
  const workbookPath =
    relationships(structure.get('_rels/.rels'), '').byType.get('officeDocument') ?? 'xl/workbook.xml';
  const workbook = structure.get(workbookPath);
  // A ZIP without a workbook is most often the photos' ZIP picked for the sheet.
  if (workbook === undefined)
    throw new AppError(
      ResultCode.badRequest,
      '这是一个普通的 ZIP 压缩包，不是 XLSX 表格：商品表请选 CSV 或 XLSX 文件，照片压缩包放在照片那一栏',
    );
  const rels = relationships(structure.get(relsOf(workbookPath)), workbookPath);
  let sheetPath: string | undefined;
  for (const event of xmlEvents(workbook)) {
    if (event.kind !== 'open' || event.name !== 'sheet') continue;
    const path = rels.byId.get(event.attrs.id ?? '');
    if (path && event.attrs.state !== 'hidden' && event.attrs.state !== 'veryHidden') {
      sheetPath = path;
      break;
    }
    sheetPath ??= path;
  }
  if (!sheetPath) throw unreadable('工作簿里没有工作表');
  const stringsPath = rels.byType.get('sharedStrings') ?? 'xl/sharedstrings.xml';
  const parts = readEntries(bytes, (path) => path === sheetPath || path === stringsPath, maxUnpackedBytes);
  const sheet = parts.get(sheetPath);
  if (sheet === undefined) throw unreadable('找不到第一张工作表');
  return sheetRows(sheet, sharedStrings(parts.get(stringsPath) ?? ''));
}
