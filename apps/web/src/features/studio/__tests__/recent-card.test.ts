import type { StudioImage } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import { cardDownloadName, cardOpen, cardTags, cardTitle } from '../recent-card';

const at = new Date('2026-11-27T14:32:00+08:00').getTime();
const picture = (kind: StudioImage['kind'], more: Partial<StudioImage> = {}): StudioImage => ({
  id: 1,
  kind,
  url: `/files/u/1/abc.${kind === 'main' ? 'jpg' : 'png'}?exp=1&sig=s`,
  width: 10,
  height: 10,
  createdAt: at,
  expiresAt: at + 7 * 86_400_000,
  ...more,
});

describe('what a 最近作品 card says', () => {
  it('is titled by the upload without its extension, or by the tool when no name was kept', () => {
    expect(cardTitle(picture('translate', { about: { name: '连衣裙.jpg' } }))).toBe('连衣裙');
    expect(cardTitle(picture('translate', { about: { name: '保温杯 亚马逊 · 美国站 详情图2.png' } }))).toBe(
      '保温杯 亚马逊 · 美国站 详情图2',
    );
    expect(cardTitle(picture('cutout'))).toBe('透明底抠图');
  });

  it('tags the tool, the language or marketplace, and what the checks found', () => {
    const labels = (image: StudioImage) =>
      cardTags(image).map((tag) => `${tag.label}${tag.tone ? `:${tag.tone}` : ''}`);
    expect(
      labels(
        picture('translate', {
          about: { language: 'de', residual: 0, legibility: { words: 5, read: 5, unclear: 0 } },
        }),
      ),
    ).toEqual(['图片翻译', '德语', '译文清晰:good']);
    expect(
      labels(
        picture('translate', {
          about: { language: 'en', residual: 3, legibility: { words: 5, read: 2, unclear: 2 } },
        }),
      ),
    ).toEqual(['图片翻译', '英语', '2 块译文不易辨认:warn', '残留中文 3 个字:warn']);
    expect(labels(picture('main', { about: { preset: 'amazon', mainPass: false } }))).toEqual([
      '白底主图',
      '亚马逊 Amazon',
      '主图有不合格项:warn',
    ]);
    // Nothing read back (a picture with no Latin words, or drawn again): no legibility tag.
    expect(
      labels(
        picture('translate', { about: { language: 'ja', legibility: { words: 0, read: 0, unclear: 0 } } }),
      ),
    ).toEqual(['图片翻译', '日语']);
  });

  it('opens the latest picture as 继续编辑 and an earlier one as 打开, here or on its own screen', () => {
    expect(cardOpen(picture('translate', { translationId: 4 }), 'translate')).toMatchObject({
      label: '继续编辑',
      id: 4,
      href: null,
    });
    expect(cardOpen(picture('translate', { translationId: 4, earlier: true }), 'translate')).toMatchObject({
      label: '打开',
      href: null,
    });
    expect(cardOpen(picture('cutout', { workId: 9, workTool: 'replace' }), 'cutout')).toMatchObject({
      label: '继续编辑',
      href: '/background?work=9',
    });
    expect(
      cardOpen(picture('main', { workId: 7, workTool: 'cutout', earlier: true }), 'cutout'),
    ).toMatchObject({
      label: '打开',
      href: null,
    });
    expect(cardOpen(picture('replace'), 'replace')).toBeNull();
  });

  it('downloads under the upload and what was done, or the kind and the time without a name', () => {
    expect(cardDownloadName(picture('translate', { about: { name: '连衣裙.jpg', language: 'en' } }))).toBe(
      '连衣裙-en.png',
    );
    expect(cardDownloadName(picture('main', { about: { name: 'mug.jpg', preset: 'amazon' } }))).toBe(
      'mug-主图-amazon.jpg',
    );
    expect(cardDownloadName(picture('replace', { about: { name: 'mug.jpg' } }))).toBe('mug-换背景.png');
    expect(cardDownloadName(picture('cutout'))).toMatch(/^透明底-2026112\d-\d{4}\.png$/);
  });
});
