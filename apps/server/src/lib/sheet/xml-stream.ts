import sax from 'sax';

/**
 * The XML of one XLSX part, read by sax (isaacs' streaming parser: a state machine, linear in its
 * input, every internal buffer capped at 64 KB). Namespace prefixes are dropped (`x:row` is `row`,
 * `r:id` is `id`). A DTD is never read, so no entity beyond XML's own is ever expanded: `&lol9;`
 * is an error, not a billion laughs. A handler may throw to stop reading early.
 */
export interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** Bytes decoded and parsed per step: the whole part never becomes one string. */
const SLICE = 1024 * 1024;

const local = (name: string) => name.slice(name.indexOf(':') + 1);

export class MalformedXml extends Error {
  override name = 'MalformedXml';
}

/** Parses `bytes` (a UTF-8 XML part), calling the handlers in document order. */
export function readXml(bytes: Uint8Array, handlers: XmlHandlers): void {
  const parser = sax.parser(true, { trim: false, normalize: false, position: false });
  parser.onopentag = (tag) => {
    if (!handlers.open) return;
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>))
      attrs[local(name)] = value;
    handlers.open(local(tag.name), attrs);
  };
  parser.onclosetag = (name) => handlers.close?.(local(name));
  parser.ontext = (text) => handlers.text?.(text);
  parser.oncdata = (text) => handlers.text?.(text);
  parser.onerror = (error) => {
    throw new MalformedXml(error.message.split('\n')[0]);
  };
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < bytes.length; at += SLICE)
    parser.write(decoder.decode(bytes.subarray(at, at + SLICE), { stream: true }));
  parser.write(decoder.decode());
  parser.close();
}
