import type { ChannelView, CostReport } from '@chuhai/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelView } from '../../../test/channel-view';
import { signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const channel = channelView;

const report: CostReport = {
  days: [{ day: '2026-11-26', revenue: 29.9, cost: 0, margin: 29.9, calls: 12, byPurpose: {} }],
  totals: { revenue: 29.9, cost: 0, margin: 29.9 },
  byChannel: [{ name: '主渠道', calls: 12, errors: 0, cost: 0 }],
};

function open(channels: ChannelView[]) {
  signInOperator({
    '/api/admin/costs': () => ok(report),
    '/api/admin/channels': () => ok(channels),
  });
  renderWithApp(<AdminConsole />, { path: '/admin/costs', route: '/admin/*' });
}

describe('运营后台 · 成本', () => {
  afterEach(signOut);

  it('warns that channels without a price count as ¥0, naming them, and leads to 渠道', async () => {
    open([
      channel({ id: 1, name: '主渠道' }),
      channel({ id: 2, name: '绘图渠道', kind: 'image', priceInput: 0, priceImage: 0 }),
      channel({ id: 3, name: '已定价', priceInput: 1.5, priceOutput: 6 }),
      channel({ id: 4, name: '停用的', enabled: false }),
      channel({ id: 5, name: '定价绘图', kind: 'image', priceImage: 0.2 }),
    ]);
    const title = await screen.findByText('2 个渠道没有设置价格：主渠道、绘图渠道');
    const warning = title.closest('[role="alert"]') as HTMLElement;
    expect(warning).toHaveTextContent(/按 ¥0 计入成本/);
    expect(within(warning).getByRole('link', { name: '渠道' })).toHaveAttribute('href', '/admin/channels');
  });

  it('says nothing when every enabled channel has a price', async () => {
    open([channel({ priceInput: 1.5, priceOutput: 6 }), channel({ id: 2, enabled: false })]);
    expect(await screen.findByRole('columnheader', { name: '毛利率' })).toBeInTheDocument();
    expect(screen.queryByText(/没有设置价格/)).toBeNull();
  });
});

describe('运营后台 · 渠道', () => {
  afterEach(signOut);

  it('times a chat channel to its first characters and an image channel to its picture', async () => {
    signInOperator({
      '/api/admin/channels': () =>
        ok([
          channel({ id: 1, name: '对话', calls: 3, avgFirstByteMs: 820 }),
          channel({ id: 2, name: '绘图', kind: 'image', calls: 2, avgFirstByteMs: 8420 }),
        ]),
    });
    renderWithApp(<AdminConsole />, { path: '/admin/channels', route: '/admin/*' });
    expect(await screen.findByText('首字 820 ms')).toBeInTheDocument();
    expect(screen.getByText('出图 8.4 秒')).toBeInTheDocument();
    expect(screen.queryByText(/首字 8420/)).toBeNull();
  });

  it('全部测试 tests every enabled channel of a kind in turn and shows each answer under it', async () => {
    const calls = signInOperator({
      '/api/admin/channels': () =>
        ok([
          channel({ id: 1, name: '主渠道' }),
          channel({ id: 2, name: '停用的', enabled: false }),
          channel({ id: 3, name: '备用渠道' }),
          channel({ id: 4, name: '绘图', kind: 'image' }),
        ]),
      '/api/admin/channels/1/test': () => ok({ ok: true, message: '模型回复：好', tookMs: 310 }),
      '/api/admin/channels/3/test': () => ok({ ok: false, message: '密钥无效或无权限（401）', tookMs: 120 }),
    });
    renderWithApp(<AdminConsole />, { path: '/admin/channels', route: '/admin/*' });
    fireEvent.click(await screen.findByRole('button', { name: '全部测试（2 个）' }));
    expect(await screen.findByText('模型回复：好（310 ms）')).toBeInTheDocument();
    expect(await screen.findByText('密钥无效或无权限（401）（120 ms）')).toBeInTheDocument();
    expect(await screen.findByText('全部测试完成：1 个正常，1 个失败')).toBeInTheDocument();
    const tested = calls.filter((call) => call.url.endsWith('/test')).map((call) => call.url);
    expect(tested).toEqual(['/api/admin/channels/1/test', '/api/admin/channels/3/test']);
    // An image channel's test draws a real picture: nothing is sent before the operator confirms.
    fireEvent.click(screen.getByRole('button', { name: '全部测试（1 个）' }));
    expect(await screen.findByText('每个绘图渠道都会真的生成一张图片')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/admin/channels/4/test')).toEqual([]);
  });
});
