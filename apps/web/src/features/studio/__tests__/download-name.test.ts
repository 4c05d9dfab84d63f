import { describe, expect, it } from 'vitest';
import { translatedFileName } from '../download-name';

describe('translated file names', () => {
  it('keep the seller’s own name and add the language', () => {
    expect(translatedFileName('连衣裙主图.jpg', 'en', 'png')).toBe('连衣裙主图-en.png');
    expect(translatedFileName('IMG_2041.JPEG', 'de', 'psd')).toBe('IMG_2041-de.psd');
    expect(translatedFileName('a.b.webp', 'ja', 'png')).toBe('a.b-ja.png');
  });

  it('fall back to 示例图-<language> with no usable name, never carry a path, and stay within 80 characters', () => {
    expect(translatedFileName(null, 'en', 'png')).toBe('示例图-en.png');
    expect(translatedFileName('.jpg', 'en', 'png')).toBe('示例图-en.png');
    expect(translatedFileName('a/b:c?.png', 'fr', 'png')).toBe('b_c_-fr.png');
    expect(translatedFileName(`${'长'.repeat(200)}.png`, 'en', 'png')).toBe(`${'长'.repeat(73)}-en.png`);
  });
});
