/**
 * The `content-disposition` of a file link opened with `download`: `download=1` (or empty) keeps the
 * stored name; any other value is the name the page asks for (「连衣裙-抠图.png」). The header wins
 * over the page's `<a download>`, so the page's name has to come through here. The asked name is
 * only the seller's own browser's business (the signature covers the file, not its name), but it
 * is still cleaned: no path, no character Windows refuses, no control character, at most 120
 * characters, and always the stored file's extension, so a link cannot save a PNG as `.exe`.
 */
export function downloadDisposition(key: string, asked: string): string {
  const stored = key.split('/').pop() ?? 'file';
  const extension = stored.includes('.') ? stored.slice(stored.lastIndexOf('.')) : '';
  const stem = Array.from(
    asked
      .replace(/\.[^.]*$/, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  )
    .slice(0, 120 - extension.length)
    .join('');
  if (asked === '' || asked === '1' || stem === '') return `attachment; filename="${stored}"`;
  // The plain filename is for old clients; every current browser takes the UTF-8 one.
  return `attachment; filename="${stored}"; filename*=UTF-8''${encodeURIComponent(stem + extension)}`;
}
