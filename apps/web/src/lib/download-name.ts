/** The longest name a download is given, its extension included. */
export const DOWNLOAD_NAME_MAX = 80;

/** What a picture is called when the seller gave it no name of their own (the example photo). */
export const UNNAMED_STEM = '示例图';

// Names Windows keeps for devices: 「CON.png」 cannot be saved there.
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** `text` with no character Windows refuses, nor the dots and spaces it drops at either end. */
function clean(text: string): string {
  const cleaned = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    // Windows drops dots and spaces at the end (and a name that starts with one hides on a Mac).
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return RESERVED.test(cleaned) ? `${cleaned}_` : cleaned;
}

/** The seller's file name without its folder or extension, cleaned. */
const cleanStem = (name: string) => clean(name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, ''));

/**
 * What a download is saved as: the seller's upload and what was done to it, joined by 「-」
 * (「连衣裙.jpg」, ['主图', 'amazon'], 'jpg' → 「连衣裙-主图-amazon.jpg」), so a folder of downloads
 * says what each file is. Safe for Windows, at most 80 characters (the upload's name is cut, never
 * what was done), and 「示例图」 (or `fallback`) when there is no usable name.
 */
export function downloadName(
  original: string | null | undefined,
  done: readonly (string | number | null | undefined)[],
  extension: string,
  fallback = UNNAMED_STEM,
): string {
  const suffix = done
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map((part) => `-${clean(String(part))}`)
    .join('');
  const tail = `${suffix}.${extension}`;
  const room = Math.max(1, DOWNLOAD_NAME_MAX - Array.from(tail).length);
  const stem = cleanStem(original ?? '') || clean(fallback) || UNNAMED_STEM;
  // By code points, so a name is never cut through an emoji.
  return `${Array.from(stem).slice(0, room).join('').trim()}${tail}`;
}

/** The extension of a stored file's link (「png」 for …/7870447c.png?exp=…), `fallback` when it has none. */
export function extensionOf(url: string, fallback = 'png'): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const match = /\.([a-z0-9]{1,5})$/i.exec(path.slice(path.lastIndexOf('/') + 1));
  return match?.[1]?.toLowerCase() ?? fallback;
}

/** A signed file link that downloads as `name` instead of opening (the server names the attachment). */
export function downloadHref(url: string, name: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=${encodeURIComponent(name)}`;
}
