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
    renderWithApp(<RecentWork kinds={['replace']} enabled />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toContain('kinds=replace');
    expect(screen.queryByRole('region', { name: '最近作品' })).toBeNull();
  });

  it('asks for nothing when signed out', () => {
    const calls = fakeApi({});
    renderWithApp(<RecentWork kinds={['replace']} enabled={false} />);
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
    renderWithApp(<RecentWork kinds={['cutout', 'main']} enabled />);
    const region = await screen.findByRole('region', { name: '最近作品' });
    expect(region).toHaveTextContent('最近作品（2）');
    expect(region).toHaveTextContent('保存 7 天后自动删除');
    expect(region).toHaveTextContent('剩 7 天');
    expect(region).toHaveTextContent('剩 2 天');
    expect(calls[0]?.url).toContain('kinds=cutout%2Cmain');
    const links = within(region).getAllByRole('link', { name: '下载' });
    // No upload name is kept with it: named by its kind and when it was made.
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
});
