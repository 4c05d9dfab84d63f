import { strToU8, zipSync } from 'fflate';
import { inlineParts } from './catalogue-helpers.ts';

/**
 * XLSX files built to hurt a sheet reader, each a few kilobytes: what issue 49's attacker sent and
 * its neighbours. Every one is a valid ZIP; what is wrong is inside.
 */

const HEADER = ['商品编码', '商品名称'];
const PRODUCTS = [HEADER, ['A-01', '保温杯'], ['B-02', '折叠伞']];

/** The part at `path` of a catalogue workbook with `tail` after its XML (packed hard: it repeats). */
export function xlsxWithTail(path: string, tail: string): Buffer {
  const parts = inlineParts(PRODUCTS);
  const head = new TextDecoder().decode(parts[path]);
  return Buffer.from(
    zipSync({ ...parts, [path]: [strToU8(head + tail), { level: 9 }] } as Parameters<typeof zipSync>[0]),
  );
}

/** A shared-strings part, named by the workbook's relationships, holding `xml`. */
export function xlsxWithSharedStrings(xml: string): Buffer {
  const parts = inlineParts(PRODUCTS);
  parts['xl/_rels/workbook.xml.rels'] = strToU8(
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  );
  parts['xl/sharedStrings.xml'] = strToU8(xml);
  return Buffer.from(zipSync(parts));
}

/**
 * A worksheet of `rows` rows after the products, each one cell at column `column` (`GR`: the 200th)
 * holding `text` (empty: a row of nothing, as a formatted but blank row is).
 */
export function xlsxOfWideRows(rows: number, column: string, text: string): Buffer {
  const parts = inlineParts(PRODUCTS);
  const cell = (r: number) =>
    text ? `<c r="${column}${r}" t="inlineStr"><is><t>${text}</t></is></c>` : `<c r="${column}${r}" s="1"/>`;
  const extra: string[] = [];
  for (let r = PRODUCTS.length + 1; r <= PRODUCTS.length + rows; r += 1)
    extra.push(`<row r="${r}">${cell(r)}</row>`);
  const sheet = new TextDecoder()
    .decode(parts['xl/worksheets/sheet1.xml'])
    .replace('</sheetData>', `${extra.join('')}</sheetData>`);
  return Buffer.from(
    zipSync({ ...parts, 'xl/worksheets/sheet1.xml': [strToU8(sheet), { level: 9 }] } as Parameters<
      typeof zipSync
    >[0]),
  );
}

/**
 * A catalogue workbook whose ZIP directory also lists `aliases` more entries, `alias-N.rels`, each
 * pointing at the same packed blob of `blobBytes` (a `.rels` of repeated text): an unzip that
 * unpacks every `.rels` unpacks the blob once per alias.
 */
export function xlsxWithAliasedBlob(aliases: number, blobBytes: number): Buffer {
  const parts = inlineParts(PRODUCTS);
  const blob = strToU8(`<Relationships>${' '.repeat(blobBytes - 32)}</Relationships>`);
  const zip = zipSync({ ...parts, 'blob.rels': [blob, { level: 9 }] } as Parameters<typeof zipSync>[0]);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.length - 22;
  const entries = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  // The central directory record of blob.rels: the last one fflate wrote.
  let record = cdOffset;
  for (let i = 0; i < entries - 1; i += 1)
    record +=
      46 +
      view.getUint16(record + 28, true) +
      view.getUint16(record + 30, true) +
      view.getUint16(record + 32, true);
  const template = zip.subarray(record, cdOffset + cdSize);
  const copies: Uint8Array[] = [];
  for (let i = 0; i < aliases; i += 1) {
    const name = strToU8(`alias-${String(i).padStart(5, '0')}.rels`);
    const copy = new Uint8Array(46 + name.length);
    copy.set(template.subarray(0, 46));
    new DataView(copy.buffer).setUint16(28, name.length, true);
    new DataView(copy.buffer).setUint16(30, 0, true);
    new DataView(copy.buffer).setUint16(32, 0, true);
    copy.set(name, 46);
    copies.push(copy);
  }
  const extra = copies.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(cdOffset + cdSize + extra + 22);
  out.set(zip.subarray(0, cdOffset + cdSize));
  let at = cdOffset + cdSize;
  for (const copy of copies) {
    out.set(copy, at);
    at += copy.length;
  }
  out.set(zip.subarray(eocd), at);
  const end = new DataView(out.buffer, at, 22);
  end.setUint16(8, entries + aliases, true);
  end.setUint16(10, entries + aliases, true);
  end.setUint32(12, cdSize + extra, true);
  return Buffer.from(out);
}

/** The same part twice under one name: a reader that takes the second sees other rows than one that takes the first. */
export function xlsxWithTwinSheet(): Buffer {
  const parts = inlineParts(PRODUCTS);
  const zip = zipSync({
    ...parts,
    'xl/worksheets/sheet2.xml': parts['xl/worksheets/sheet1.xml'] as Uint8Array,
  });
  // Rename sheet2.xml to sheet1.xml in place (same length), in the local header and the directory.
  const text = Buffer.from(zip);
  const from = Buffer.from('xl/worksheets/sheet2.xml');
  const to = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = text.indexOf(from); at !== -1; at = text.indexOf(from, at + 1)) to.copy(text, at);
  return text;
}

/** Billion laughs: entities declared in a DTD, each ten of the one before. */
export const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
).join('')}]><sst><si><t>&lol9;</t></si></sst>`;
