/**
 * Just enough XML for the parts of an XLSX we read (workbook, relationships, shared strings, one
 * sheet): tags with their attributes and the text between them, namespace prefixes dropped
 * (`x:row` is `row`, `r:id` is `id`). No DTDs, no entities beyond XML's own: a spreadsheet's XML
 * has neither, and not resolving them keeps a crafted file from expanding.
 */
export type XmlEvent =
  | { kind: 'open'; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

const TAG =
  /<(\/?)(?:[\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>/g;
const ATTR = /(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its character references and the five named entities resolved. */
export function decodeXmlText(text: string): string {
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The events of an XML document in order; text between tags comes decoded. */
export function* xmlEvents(xml: string): Generator<XmlEvent> {
  let last = 0;
  for (const match of xml.matchAll(TAG)) {
    const start = match.index ?? 0;
    if (start > last) yield { kind: 'text', text: decodeXmlText(xml.slice(last, start)) };
    last = start + match[0].length;
    const [, closing, name, rawAttrs, selfClosing, cdata] = match;
    if (cdata !== undefined) yield { kind: 'text', text: cdata };
    if (!name) continue;
    if (closing) {
      yield { kind: 'close', name };
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const attr of (rawAttrs ?? '').matchAll(ATTR))
      attrs[attr[1] as string] = decodeXmlText(attr[2] ?? attr[3] ?? '');
    yield { kind: 'open', name, attrs, selfClosing: selfClosing === '/' };
    if (selfClosing === '/') yield { kind: 'close', name };
  }
  if (last < xml.length) yield { kind: 'text', text: decodeXmlText(xml.slice(last)) };
}
