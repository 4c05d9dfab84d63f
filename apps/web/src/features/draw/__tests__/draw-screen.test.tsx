import type { DrawnImage } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { type FakeCall, fakeApi, ok, renderWithApp } from '../../../test/render';
import { DrawScreen } from '../components/draw-screen';
import { STYLE_PRESETS } from '../style-presets';

const image = (id: number, prompt: string): DrawnImage => ({
  id,
  prompt,
  imageSize: '1024x1024',
  url: `/files/u/1/draw/${id}.png?exp=1&sig=s`,
  width: 1024,
  height: 1024,
  createdAt: Date.now(),
});
const EMPTY = { list: [], total: 0, pageNo: 1, pageSize: 12 };

function routes(created: (call: FakeCall) => { status?: number; body: unknown }) {
  return fakeApi({
    '/api/v1/getDrawConfig': () => ok({ configured: true, provider: 'sdwebui', hint: '' }),
    '/api/v1/info': () => ok({ usage: [{ feature: 'draw', name: 'AI 绘画', used: 0, limit: 2 }] }),
    '/api/v1/getImageList': () => ok(EMPTY),
    '/api/v1/createImage/': created,
  });
}

beforeEach(() => {
  // jsdom has no scrolling; the example and 复用描述 scroll the form into view.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AI 绘画 screen', () => {
  it('shows an example before anything is drawn; trying it fills the description and its style', async () => {
    routes(() => ok(null));
    renderWithApp(<DrawScreen />);
    const example = await screen.findByRole('region', { name: 'AI 绘画示例' });
    expect(within(example).getByRole('img', { name: /示例效果/ })).toHaveAttribute(
      'src',
      '/examples/serum-podium.webp',
    );
    fireEvent.click(within(example).getByRole('button', { name: '用示例描述试试' }));
    expect(screen.getByLabelText('画面描述')).toHaveValue(
      '一瓶琥珀色玻璃精华液，黑色滴管瓶盖，立在奶油色圆形展台上，柔和侧光，产品摄影',
    );
    expect(screen.getByRole('button', { name: '极简高级' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('note', { name: '已添加的风格描述' })).toHaveTextContent(
      'minimalist composition',
    );
  });

  it('draws 2 images with a style, shows them as a group, and says which one failed', async () => {
    const festive = STYLE_PRESETS.find((p) => p.name === '节日氛围');
    const prompt = `圣诞礼盒，${festive?.phrase}`;
    const calls = routes(() =>
      ok({
        ...image(7, prompt),
        group: {
          requested: 2,
          images: [image(7, prompt)],
          failures: [{ index: 1, message: 'AI 绘画服务出错了，请稍后再试' }],
        },
      }),
    );
    renderWithApp(<DrawScreen />);
    fireEvent.change(await screen.findByLabelText('画面描述'), { target: { value: '圣诞礼盒' } });
    fireEvent.click(screen.getByRole('button', { name: '节日氛围' }));
    expect(screen.getByRole('note', { name: '已添加的风格描述' })).toHaveTextContent(
      'festive holiday setting',
    );
    fireEvent.click(screen.getByText('2 张'));
    expect(await screen.findByText(/今日剩余 2\/2 张 · 本次用 2 张/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '生成 2 张图片' }));

    const group = await screen.findByRole('region', { name: '本次生成' });
    expect(calls.find((c) => c.url.includes('createImage'))?.body).toEqual({
      prompt,
      imageSize: '1024x1024',
      count: 2,
    });
    expect(group).toHaveTextContent('本次生成 1/2 张');
    expect(within(group).getAllByRole('img', { name: /^第 1 张：圣诞礼盒/ })).toHaveLength(1);
    expect(within(group).getByRole('alert')).toHaveTextContent('第 2 张未生成');
    expect(within(group).getByRole('alert')).toHaveTextContent('这张不计次数');
    expect(screen.queryByRole('region', { name: 'AI 绘画示例' })).toBeNull();
  });

  it('counts the seller’s own characters against what is left to them once a style is added', async () => {
    routes(() => ok(image(8, '海边的草帽')));
    const { container } = renderWithApp(<DrawScreen />);
    fireEvent.change(await screen.findByLabelText('画面描述'), { target: { value: '海边的草帽' } });
    const counter = () => container.querySelector('.ant-input-data-count')?.textContent;
    expect(counter()).toBe('5 / 1000');
    fireEvent.click(screen.getByRole('button', { name: '户外自然' }));
    const style = STYLE_PRESETS.find((p) => p.name === '户外自然');
    // The phrase and the 「，」 joining it take their share of the 1000.
    expect(counter()).toBe(`5 / ${1000 - (style?.phrase.length ?? 0) - 1}`);
  });

  it('takes a style off again, and sends the description alone', async () => {
    const calls = routes(() => ok(image(8, '海边的草帽')));
    renderWithApp(<DrawScreen />);
    fireEvent.change(await screen.findByLabelText('画面描述'), { target: { value: '海边的草帽' } });
    fireEvent.click(screen.getByRole('button', { name: '户外自然' }));
    fireEvent.click(screen.getByRole('button', { name: '移除风格「户外自然」' }));
    expect(screen.queryByRole('note', { name: '已添加的风格描述' })).toBeNull();
    expect(screen.getByRole('button', { name: '户外自然' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: '生成图片' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('createImage'))?.body).toEqual({
        prompt: '海边的草帽',
        imageSize: '1024x1024',
        count: 1,
      }),
    );
  });

  it('asking for more than is left: says how many are left, and the refusal opens the quota dialog', async () => {
    routes(() => ({
      status: 403,
      body: {
        code: 200002,
        msg: '今日免费 AI 绘画只剩 2 张，本次需要 3 张（开通 VIP 每天可用 50 张）',
        data: { feature: 'draw', limit: 2, resetAt: 0 },
      },
    }));
    renderWithApp(<DrawScreen />);
    fireEvent.change(await screen.findByLabelText('画面描述'), { target: { value: '露营灯' } });
    fireEvent.click(screen.getByText('3 张'));
    expect(await screen.findByText('今日只剩 2 张，请把数量减到 2 张以内')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '生成 3 张图片' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('今日剩余次数不够');
    expect(dialog).toHaveTextContent('只剩 2 张，本次需要 3 张');
  });
});
