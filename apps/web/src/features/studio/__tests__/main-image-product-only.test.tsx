import type { CutoutResult, MainImageRule } from '@chuhai/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from '../../../lib/api-client';
import { uploadForm, uploadFormWithEvents } from '../../../lib/upload';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { choosePicture } from '../../../test/studio-seller';
import { CutoutScreen } from '../components/cutout-screen';
import { type MadeMain, MainImageResult } from '../components/main-image-result';

// The requests themselves: the screen builds the real form, the test reads it.
vi.mock('../../../lib/upload', () => ({ uploadForm: vi.fn(), uploadFormWithEvents: vi.fn() }));

const sent = vi.mocked(uploadFormWithEvents);
const remade = vi.mocked(uploadForm);

const rule = (
  key: MainImageRule['key'],
  pass: boolean,
  measured: string,
  more: Partial<MainImageRule> = {},
) => ({ key, label: key, level: 'required', pass, measured, advice: '', ...more }) as MainImageRule;

const OBJECTS = '只有商品，没有分开的物体';
const TEXT = '没有附加的文字、角标或水印';

/** A main image from cut-out 7 as the server makes it: the badge beside the bottle was dropped. */
const main = (id: number, objects: MainImageRule, more: MainImageRule[] = []): MadeMain => ({
  image: { id, url: `/files/u/1/${id}.jpg?exp=1&sig=s`, width: 2000, height: 2000 },
  preset: 'amazon',
  check: {
    marketplace: 'amazon',
    pass: more.every((r) => r.pass) && objects.pass,
    rules: [rule('background', true, '背景 100% 为纯白'), { ...objects, label: OBJECTS }, ...more],
  },
});

const dropped = rule('objects', true, '已去掉与商品分开的 1 处（人、其他物品或碎片）', {
  advice: '如果去掉的也是商品（一套多件），点「这些都是商品」重新生成',
});

const CUT: CutoutResult = {
  cutout: { id: 7, url: '/files/u/1/7.png?exp=1&sig=s', width: 1200, height: 1000 },
  main: main(8, dropped),
};

/** Signs in, opens 抠图 and chooses a photo: the screen starts at once. */
async function cutOut() {
  useAuthStore.getState().signIn('tok-1', { username: '13812345678', phone: '13812345678' });
  fakeApi({
    '/api/v1/info': () => ok(null),
    '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
  });
  renderWithApp(<CutoutScreen />);
  choosePicture('包邮瓶.png');
  return screen.findByRole('region', { name: '白底主图检查' });
}

beforeEach(() => {
  sent.mockReset();
  remade.mockReset();
  sent.mockResolvedValue(CUT);
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  useAuthStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('「这些都是商品」 on the main image', () => {
  it('remakes the main image from the same cut-out with every part, and keeps the choice in view', async () => {
    remade.mockResolvedValue({
      main: main(9, rule('objects', true, '2 个部分，卖家确认都是商品')),
    } satisfies CutoutResult);
    const report = await cutOut();
    expect(report).toHaveTextContent('已去掉与商品分开的 1 处');

    fireEvent.click(within(report).getByRole('button', { name: '这些都是商品' }));
    await waitFor(() => expect(remade).toHaveBeenCalledTimes(1));
    const [path, form] = remade.mock.calls[0] as [string, FormData];
    expect(path).toBe('/api/v1/remove/remove');
    expect(Object.fromEntries(form.entries())).toEqual({ cutoutId: '7', preset: 'amazon', allParts: '1' });

    const after = screen.getByRole('region', { name: '白底主图检查' });
    await waitFor(() => expect(after).toHaveTextContent('2 个部分，卖家确认都是商品'));
    expect(screen.getByRole('img', { name: '白底主图' })).toHaveAttribute(
      'src',
      '/files/u/1/9.jpg?exp=1&sig=s',
    );
    expect(within(after).queryByRole('button', { name: '这些都是商品' })).toBeNull();
    expect(after).toHaveTextContent('已按「这些都是商品」保留全部部分');
  });

  it('shows the cut-out with every part when the server cut one again', async () => {
    remade.mockResolvedValue({
      cutout: { id: 10, url: '/files/u/1/10.png?exp=1&sig=s', width: 1200, height: 1000 },
      main: main(11, rule('objects', true, '3 个部分，卖家确认都是商品')),
    } satisfies CutoutResult);
    const report = await cutOut();
    const download = screen.getByRole('link', { name: /下载透明底 PNG/ });
    // Named after the upload and what was done, not the stored file's number.
    expect(download).toHaveAttribute(
      'href',
      `/files/u/1/7.png?exp=1&sig=s&download=${encodeURIComponent('包邮瓶-抠图.png')}`,
    );
    expect(download).toHaveAttribute('download', '包邮瓶-抠图.png');

    fireEvent.click(within(report).getByRole('button', { name: '这些都是商品' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /下载透明底 PNG/ })).toHaveAttribute(
        'href',
        `/files/u/1/10.png?exp=1&sig=s&download=${encodeURIComponent('包邮瓶-抠图.png')}`,
      ),
    );
  });

  it('offers it while separate parts fail the rule, and not for a lone product', () => {
    const { rerender } = render(
      <MainImageResult
        main={main(8, rule('objects', false, '除商品外还有 1 个分开的部分'))}
        allParts="open"
        busy={false}
        onKeepAllParts={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: '这些都是商品' })).toBeEnabled();
    rerender(
      <MainImageResult
        main={main(8, rule('objects', true, '只有一件商品'))}
        allParts="open"
        busy={false}
        onKeepAllParts={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: '这些都是商品' })).toBeNull();
  });

  it('shows the server’s refusal and offers the button again when the remake fails', async () => {
    remade.mockRejectedValue(new ApiError(500, '主图生成失败，请重试', null, '主图生成失败，请重试'));
    const report = await cutOut();
    fireEvent.click(within(report).getByRole('button', { name: '这些都是商品' }));
    expect(await screen.findByText('主图生成失败，请重试')).toBeInTheDocument();
    // The spinner's leaving motion may still be named in the button (jsdom runs no transitions).
    expect(within(report).getByRole('button', { name: /这些都是商品$/ })).toBeEnabled();
    expect(report).not.toHaveTextContent('已按「这些都是商品」');
  });
});

describe('what the check found, outlined on the main image', () => {
  it('outlines each area a failed rule found, scaled from image pixels to the shown size', () => {
    render(
      <MainImageResult
        main={main(
          8,
          rule('objects', false, '除商品外还有 1 个分开的部分', {
            found: [{ x: 1500, y: 700, width: 200, height: 600 }],
          }),
          [
            rule('text', false, '有 2 处附加文字：「包邮」、「限时」', {
              label: TEXT,
              found: [
                { x: 200, y: 100, width: 600, height: 100 },
                { x: 1700, y: 1000, width: 300, height: 100 },
              ],
            }),
            // A rule that passes outlines nothing, even with areas.
            rule('ghost', true, '半透明部分占商品 0%', { found: [{ x: 0, y: 0, width: 10, height: 10 }] }),
          ],
        )}
        allParts="open"
        busy={false}
        onKeepAllParts={() => {}}
      />,
    );
    const badge = screen.getByRole('img', { name: `${TEXT}：第 1 处` });
    expect(badge).toHaveStyle({ left: '10%', top: '5%', width: '30%', height: '5%' });
    expect(screen.getByRole('img', { name: `${TEXT}：第 2 处` })).toHaveStyle({ left: '85%', top: '50%' });
    expect(screen.getByRole('img', { name: `${OBJECTS}：第 1 处` })).toHaveStyle({
      left: '75%',
      top: '35%',
      width: '10%',
      height: '30%',
    });
    expect(screen.getAllByRole('img', { name: /：第 \d 处$/ })).toHaveLength(3);
    expect(screen.getByText('红色虚线框：检查发现问题的位置')).toBeInTheDocument();
  });

  it('draws nothing over an image that passes', () => {
    render(
      <MainImageResult main={main(8, dropped)} allParts="open" busy={false} onKeepAllParts={() => {}} />,
    );
    expect(screen.queryAllByRole('img', { name: /：第 \d 处$/ })).toHaveLength(0);
    expect(screen.queryByText('红色虚线框：检查发现问题的位置')).toBeNull();
  });
});
