/**
 * Which product a photo in the catalogue's ZIP belongs to, by its name: `SKU-001.jpg`,
 * `SKU-001-1.jpg`, `SKU-001_2.png`, `SKU-001 (3).jpg` (the code, then a separator and anything), or any
 * file inside a folder named by the code (`SKU-001/正面.jpg`). Codes are compared without case.
 */
export interface PhotoPlace {
  /** The code as the matching row wrote it, lower case. */
  code: string;
  /** How the photos of one product are ordered: `sortKey` compared naturally. */
  sortKey: string;
}

const SEPARATOR = /^[\s\-_.(（[【#]/;
const naturally = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' });

/** The ZIP entry's path as the seller sees it: `/`-separated, without `.`, `..` or empty parts. */
export function photoPath(path: string): string {
  return (
    path
      .split(/[\\/]+/)
      .filter((p) => p && p !== '.' && p !== '..')
      .join('/')
      .slice(-300) || '照片'
  );
}

/**
 * The product `path` belongs to among `codes` (lower case), or null. The file's own name decides
 * first (the longest code that starts it, so `A-1-2.jpg` goes to `A-1` when both `A` and `A-1` are
 * codes), then its folders from the innermost. The order within a product: the file named just the
 * code first, then a name with 主图 or main, then the rest in natural order (2 before 10).
 */
export function placePhoto(path: string, codes: readonly string[]): PhotoPlace | null {
  const parts = path.toLowerCase().split('/');
  const file = parts.pop() ?? '';
  const stem = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
  const byLength = [...codes].sort((a, b) => b.length - a.length);
  const rank = (rest: string) => (rest === '' ? '0' : /主图|main/.test(rest) ? '1' : '2');
  for (const code of byLength) {
    if (stem === code) return { code, sortKey: `0 ${rank('')}` };
    if (stem.startsWith(code) && SEPARATOR.test(stem.slice(code.length))) {
      const rest = stem.slice(code.length).replace(/^[\s\-_.(（[【#]+|[)）\]】]+$/g, '');
      return { code, sortKey: `0 ${rank(rest)} ${rest}` };
    }
  }
  for (const folder of parts.reverse())
    if (codes.includes(folder)) return { code: folder, sortKey: `1 ${rank(stem)} ${file}` };
  return null;
}

/** Orders two photos of one product by their `sortKey`s. */
export const byPhotoOrder = (a: { sortKey: string }, b: { sortKey: string }) =>
  naturally.compare(a.sortKey, b.sortKey);
