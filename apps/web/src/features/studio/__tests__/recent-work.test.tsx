import type { StudioImage } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { RecentWork } from '../components/recent-work';

const DAY = 86_400_000;
const image = (id: number, kind: StudioImage['kind'], ageDays: number): StudioImage => {
  const createdAt = Date.now() - ageDays * DAY;
  return {
    id,
    kind,
    url: `/files/u/1/${id}.png?exp=1&sig=s`,
    width: 1600,
    height: 1600,
    createdAt,
    expiresAt: createdAt + 7 * DAY,
  };
};

describe('最近作品', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing until there is something to show', async () => {
    const calls = fakeApi({
      '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
    });
    renderWithApp(<RecentWork kinds={['replace']} enabled screen="replace" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toContain('kinds=replace');
    expect(screen.queryByRole('region', { name: '最近作品' })).toBeNull();
  });

  it('asks for nothing when signed out', () => {
    const calls = fakeApi({});
    renderWithApp(<RecentWork kinds={['replace']} enabled={false} screen="replace" />);
    expect(calls).toHaveLength(0);
  });

  it('lists the images with their kind and days left, downloads them, and deletes one', async () => {
    let list = [image(9, 'main', 0.1), image(8, 'cutout', 5.5)];
    const calls = fakeApi({
      '/api/v1/studio/images': () => ok({ list, total: list.length, pageNo: 1, pageSize: 12 }),
      '/api/v1/studio/deleteImages': () => {
        list = list.filter((item) => item.id !== 9);
        return ok({ deleted: 1 });
      },
    });
    renderWithApp(<RecentWork kinds={['cutout', 'main']} enabled screen="cutout" />);
    const region = await screen.findByRole('region', { name: '最近作品' });
    expect(region).toHaveTextContent('最近作品（2）');
    expect(region).toHaveTextContent('保存 7 天后自动删除');
    expect(region).toHaveTextContent('剩 7 天');
    expect(region).toHaveTextContent('剩 2 天');
    expect(calls[0]?.url).toContain('kinds=cutout%2Cmain');
    const links = within(region).getAllByRole('link', { name: '下载' });
    // No upload name was kept with these (made before names were): named by kind and time.
    const made = formatDateTime(list[0]?.createdAt ?? 0)
      .replace(/[-:]/g, '')
      .replace(' ', '-');
    expect(links[0]).toHaveAttribute('download', `白底主图-${made}.png`);
    expect(links[0]).toHaveAttribute(
      'href',
      `/files/u/1/9.png?exp=1&sig=s&download=${encodeURIComponent(`白底主图-${made}.png`)}`,
    );

    fireEvent.click(within(region).getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: '删 除' }));
    await waitFor(() => expect(region).toHaveTextContent('最近作品（1）'));
    expect(calls.find((call) => call.url.includes('deleteImages'))?.url).toContain('ids=9');
  });

  it('tells two translations of one picture apart by language, names 一键出海 pictures by product and site, and keeps their tags', async () => {
    const drawing = (id: number, about: StudioImage['about'], more: Partial<StudioImage> = {}) => ({
      ...image(id, 'translate', 0.1),
      about,
      ...more,
    });
    const list = [
      drawing(
        4,
        { name: '连衣裙.jpg', language: 'en', residual: 0, legibility: { words: 8, read: 8, unclear: 0 } },
        { translationId: 40 },
      ),
      drawing(
        3,
        { name: '连衣裙.jpg', language: 'de', residual: 2, legibility: { words: 8, read: 3, unclear: 1 } },
        { translationId: 30, earlier: true },
      ),
      drawing(
        2,
        { name: '保温杯 亚马逊 · 美国站 详情图2.png', language: 'en', residual: 0 },
        { translationId: 20 },
      ),
      drawing(
        1,
        { name: '保温杯 Shopee · 新加坡站 详情图2.png', language: 'en', residual: 0 },
        { translationId: 10 },
      ),
    ];
    fakeApi({
      '/api/v1/studio/images': () => ok({ list, total: list.length, pageNo: 1, pageSize: 12 }),
    });
    const opened: number[] = [];
    renderWithApp(
      <RecentWork kinds={['translate']} enabled screen="translate" onEdit={(id) => opened.push(id)} />,
    );
    const region = await screen.findByRole('region', { name: '最近作品' });
    const cards = within(region).getAllByRole('figure');
    expect(cards).toHaveLength(4);
    const [english, german, us, sg] = cards as HTMLElement[];
    expect(english).toHaveTextContent('连衣裙');
    expect(english).toHaveTextContent('图片翻译');
    expect(english).toHaveTextContent('英语');
    expect(english).toHaveTextContent('译文清晰');
    expect(german).toHaveTextContent('德语');
    expect(german).toHaveTextContent('1 块译文不易辨认');
    expect(german).toHaveTextContent('残留中文 2 个字');
    expect(english?.textContent).not.toBe(german?.textContent);
    expect(us).toHaveTextContent('保温杯 亚马逊 · 美国站 详情图2');
    expect(sg).toHaveTextContent('保温杯 Shopee · 新加坡站 详情图2');
    // Downloads are named after the upload and the language.
    expect(within(english as HTMLElement).getByRole('link', { name: '下载' })).toHaveAttribute(
      'download',
      '连衣裙-en.png',
    );
    // The latest drawing: 继续编辑; an earlier one: 打开. Both open their translation here.
    fireEvent.click(within(english as HTMLElement).getByRole('button', { name: /继续编辑/ }));
    fireEvent.click(within(german as HTMLElement).getByRole('button', { name: /打\s*开/ }));
    expect(opened).toEqual([40, 30]);
  });

  it('opens a cut-out 换背景 stood on in 换背景, and names main images by marketplace and check', async () => {
    const list: StudioImage[] = [
      {
        ...image(6, 'main', 0.1),
        about: { name: 'mug.jpg', preset: 'amazon', mainPass: true },
        workId: 7,
        workTool: 'cutout',
      },
      { ...image(5, 'cutout', 0.2), about: { name: 'mug.jpg' }, workId: 9, workTool: 'replace' },
    ];
    fakeApi({
      '/api/v1/studio/images': () => ok({ list, total: list.length, pageNo: 1, pageSize: 12 }),
    });
    const opened: number[] = [];
    const { router } = renderWithApp(
      <RecentWork kinds={['cutout', 'main']} enabled screen="cutout" onEdit={(id) => opened.push(id)} />,
    );
    const region = await screen.findByRole('region', { name: '最近作品' });
    const [main, cutout] = within(region).getAllByRole('figure') as HTMLElement[];
    expect(main).toHaveTextContent('mug');
    expect(main).toHaveTextContent('白底主图');
    expect(main).toHaveTextContent('亚马逊');
    expect(main).toHaveTextContent('符合主图要求');
    expect(within(main as HTMLElement).getByRole('link', { name: '下载' })).toHaveAttribute(
      'download',
      'mug-主图-amazon.png',
    );
    expect(within(cutout as HTMLElement).getByRole('link', { name: '下载' })).toHaveAttribute(
      'download',
      'mug-抠图.png',
    );
    fireEvent.click(within(main as HTMLElement).getByRole('button', { name: /继续编辑/ }));
    expect(opened).toEqual([7]);
    fireEvent.click(within(cutout as HTMLElement).getByRole('button', { name: /继续编辑/ }));
    // Not this screen's work: the page goes to 换背景 with it.
    expect(opened).toEqual([7]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/background'));
    expect(router.state.location.search).toBe('?work=9');
  });
});
