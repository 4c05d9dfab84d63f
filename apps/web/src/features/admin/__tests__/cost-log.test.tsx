import type { CostCall, CostCallPage, SellerCostReport } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelView } from '../../../test/channel-view';
import { signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const call = (over: Partial<CostCall>): CostCall => ({
  id: 1,
  // Local time, as the console shows it.
  createdAt: new Date(2026, 10, 26, 10, 15, 30).getTime(),
  day: '2026-11-26',
  userId: 7,
  seller: '139****4002',
  purpose: 'chat',
  channel: '主渠道',
  model: 'deepseek-chat',
  inputTokens: 1200,
  outputTokens: 340,
  estimated: false,
  images: 0,
  cost: 0.00512,
  ok: true,
  failure: '',
  ...over,
});

const calls: CostCallPage = {
  list: [
    call({ id: 3, inputTokens: 300, outputTokens: 120, estimated: true, purpose: 'listing' }),
    call({ id: 2, userId: null, seller: '—', purpose: 'probe', cost: 0.00005 }),
    call({ id: 1, userId: 8, seller: '139****4003', ok: false, failure: 'upstream', cost: 0 }),
  ],
  total: 45,
  pageNo: 1,
  pageSize: 20,
};

const sellers: SellerCostReport = {
  from: '2026-11-20',
  sellers: [
    {
      userId: 8,
      seller: '139****4003',
      calls: 30,
      tokens: 0,
      images: 12,
      cost: 2.4,
      revenue: 0,
      margin: -2.4,
    },
    {
      userId: 7,
      seller: '139****4002',
      calls: 12,
      tokens: 18_400,
      images: 0,
      cost: 0.0613,
      revenue: 29.9,
      margin: 29.8387,
    },
  ],
  totals: { sellers: 2, calls: 42, tokens: 18_400, cost: 2.4613 },
  unattributed: { calls: 3, cost: 0.0002 },
};

function open(path: string) {
  const sent = signInOperator({
    '/api/admin/channels': () => ok([channelView({ id: 1, name: '主渠道', priceInput: 1, priceOutput: 2 })]),
    '/api/admin/costs': () =>
      ok({
        days: [{ day: '2026-11-26', revenue: 29.9, cost: 0.1, margin: 29.8, calls: 3, byPurpose: {} }],
        totals: { revenue: 29.9, cost: 0.1, margin: 29.8 },
        byChannel: [],
      }),
    '/api/admin/costs/calls': () => ok(calls),
    '/api/admin/costs/sellers': () => ok(sellers),
  });
  const view = renderWithApp(<AdminConsole />, { path, route: '/admin/*' });
  const asked = (part: string) =>
    sent.filter((c) => c.url.startsWith(`/api/admin/costs/${part}`)).map((c) => c.url);
  return { ...view, asked };
}

describe('运营后台 · 成本 · 调用明细与卖家排行', () => {
  afterEach(signOut);

  it('lists each call with its seller, tokens (estimated ones marked), cost and outcome, and filters it', async () => {
    const { asked } = open('/admin/costs?tab=calls');
    const listing = await screen.findByRole('row', { name: /Listing 写作/ });
    expect(listing).toHaveTextContent('139****4002');
    expect(listing).toHaveTextContent('300 / 120');
    expect(within(listing).getByText('估算')).toBeInTheDocument();
    expect(listing).toHaveTextContent('2026-11-26 10:15:30');
    expect(screen.getByRole('row', { name: /渠道测试/ })).toHaveTextContent('无（渠道测试）');
    expect(screen.getByRole('row', { name: /139\*\*\*\*4003/ })).toHaveTextContent('失败：服务商出错');
    // 45 calls: a pager to the next page.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(asked('calls').at(-1)).toContain('pageNo=2'));

    fireEvent.click(within(listing).getByRole('button', { name: '139****4002' }));
    await waitFor(() => expect(asked('calls').at(-1)).toMatch(/userId=7.*pageNo=1|pageNo=1.*userId=7/));
    fireEvent.click(await screen.findByRole('button', { name: /卖家 139\*\*\*\*4002/ }));
    await waitFor(() => expect(asked('calls').at(-1)).not.toContain('userId'));

    fireEvent.change(screen.getByLabelText('按卖家手机号筛选'), { target: { value: '13900004002' } });
    fireEvent.keyDown(screen.getByLabelText('按卖家手机号筛选'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(asked('calls').at(-1)).toContain('phone=13900004002'));
  });

  it('ranks sellers by cost with revenue and margin, marks a loss, and opens a seller’s calls', async () => {
    const { asked, router } = open('/admin/costs?tab=sellers');
    const first = await screen.findByRole('row', { name: /139\*\*\*\*4003/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '139****4003', '30', '0', '12', '2.40', '0.00', '-2.40']);
    expect(within(first).getByText('-2.40')).toHaveClass('admin-cost__loss');
    expect(screen.getByText(/2 位卖家共调用 42 次、18,400 tokens，AI 成本 ¥2.46/)).toBeInTheDocument();
    expect(screen.getByText(/另有 3 次调用（渠道测试、已注销账号）¥0.0002/)).toBeInTheDocument();
    expect(asked('sellers')).toEqual(['/api/admin/costs/sellers?period=7']);
    fireEvent.click(screen.getByText('本月'));
    await waitFor(() => expect(asked('sellers').at(-1)).toBe('/api/admin/costs/sellers?period=month'));

    fireEvent.click(screen.getByRole('row', { name: /139\*\*\*\*4002/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=calls'));
    expect(await screen.findByRole('button', { name: /卖家 139\*\*\*\*4002/ })).toBeInTheDocument();
    await waitFor(() => expect(asked('calls').at(-1)).toContain('userId=7'));
  });

  it('a day of the daily table opens that day’s calls', async () => {
    const { asked, router } = open('/admin/costs');
    fireEvent.click(await screen.findByRole('row', { name: /^2026-11-26/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=calls'));
    await waitFor(() => expect(asked('calls').at(-1)).toContain('day=2026-11-26'));
    expect(screen.getByLabelText('按日期筛选')).toHaveValue('2026-11-26');
  });

  it('on a phone: calls and sellers are cards, not wide tables', async () => {
    screenWidth(390);
    open('/admin/costs?tab=calls');
    const cards = await screen.findAllByRole('listitem', { name: '调用 2026-11-26 10:15:30' });
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/tokens 输入 300 \/ 输出 120（估算）/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '卖家排行' }));
    const seller = await screen.findByRole('listitem', { name: '卖家139****4003' });
    expect(seller).toHaveTextContent('AI 成本 ¥2.40');
    expect(seller).toHaveTextContent('毛利 -¥2.40');
  });

  it('on a phone: 汇总’s days are cards with every figure, and 看调用 opens that day’s calls', async () => {
    screenWidth(390);
    const { asked, router } = open('/admin/costs');
    const day = await screen.findByRole('listitem', { name: '2026-11-26 收入与成本' });
    expect(day).toHaveTextContent('收入 ¥29.90');
    expect(day).toHaveTextContent('毛利 ¥29.80');
    expect(day).toHaveTextContent('调用 3 次');
    expect(screen.queryByRole('row', { name: /^2026-11-26/ })).toBeNull();
    fireEvent.click(within(day).getByRole('button', { name: '看调用' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=calls'));
    await waitFor(() => expect(asked('calls').at(-1)).toContain('day=2026-11-26'));
  });
});
