import { describe, expect, it } from 'vitest';
import { DOWNLOAD_NAME_MAX, downloadHref, downloadName, extensionOf } from '../download-name';

describe('download names', () => {
  it('are the upload’s name and what was done to it', () => {
    expect(downloadName('连衣裙.jpg', ['抠图'], 'png')).toBe('连衣裙-抠图.png');
    expect(downloadName('连衣裙.jpg', ['主图', 'amazon'], 'jpg')).toBe('连衣裙-主图-amazon.jpg');
    expect(downloadName('连衣裙.jpg', ['换背景', 2], 'png')).toBe('连衣裙-换背景-2.png');
    expect(downloadName('IMG_2041.HEIC', ['换背景', null], 'png')).toBe('IMG_2041-换背景.png');
    expect(downloadName('a.b.webp', ['抠图'], 'png')).toBe('a.b-抠图.png');
  });

  it('strip what Windows refuses, paths and control characters', () => {
    expect(downloadName('a/b:c?"d"<e>|f*.png', ['抠图'], 'png')).toBe('b_c_d_e_f_-抠图.png');
    expect(downloadName('C:\\货\\新品 . .jpg', ['抠图'], 'png')).toBe('新品-抠图.png');
    expect(downloadName('tab\there\n.png', ['抠图'], 'png')).toBe('tab_here_-抠图.png');
    expect(downloadName('CON.png', ['抠图'], 'png')).toBe('CON_-抠图.png');
  });

  it('are at most 80 characters, cutting the upload’s name and keeping what was done', () => {
    const name = downloadName(`${'长'.repeat(200)}.png`, ['主图', 'amazon'], 'jpg');
    expect(Array.from(name)).toHaveLength(DOWNLOAD_NAME_MAX);
    expect(name.endsWith('-主图-amazon.jpg')).toBe(true);
    expect(Array.from(downloadName(`${'😀'.repeat(100)}.png`, ['抠图'], 'png')).length).toBe(
      DOWNLOAD_NAME_MAX,
    );
  });

  it('fall back to 示例图 with no usable name', () => {
    expect(downloadName(null, ['抠图'], 'png')).toBe('示例图-抠图.png');
    expect(downloadName('', ['换背景'], 'png')).toBe('示例图-换背景.png');
    expect(downloadName('.jpg', ['抠图'], 'png')).toBe('示例图-抠图.png');
    expect(downloadName('???.jpg', ['抠图'], 'png')).toBe('_-抠图.png');
    expect(downloadName(undefined, ['抠图'], 'png', '最近作品')).toBe('最近作品-抠图.png');
  });

  it('links carry the name for the server, and the extension comes from the stored file', () => {
    expect(downloadHref('/files/s/1/ab.png?exp=1&sig=x', '连衣裙-抠图.png')).toBe(
      `/files/s/1/ab.png?exp=1&sig=x&download=${encodeURIComponent('连衣裙-抠图.png')}`,
    );
    expect(extensionOf('/files/s/1/ab.JPG?exp=1&sig=x')).toBe('jpg');
    expect(extensionOf('/files/s/1/ab?exp=1')).toBe('png');
  });
});
