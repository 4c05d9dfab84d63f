import type { AdminUserDetail, AdminUserRow } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyUserDetail, signInOperator } from '../../../test/operator';
import { type fakeApi, ok, renderWithApp } from '../../../test/render';
import { signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const row = (over: Partial<AdminUserRow>): AdminUserRow => ({
  id: 1,
  phone: '13800000001',
  inviteCode: 'AB23CD45',
  role: 'user',
  disabled: false,
  createdAt: new Date(2026, 10, 1, 9, 0).getTime(),
  vipEndAt: null,
  ...over,
});

/**
 * 用户 for a signed-in admin, with one seller (id 1) whose details are `detail` over an empty record;
 * opens their drawer. `more` answers further calls. Returns the drawer and the calls made.
 */
async function openSeller(detail: Partial<AdminUserDetail>, more: Parameters<typeof fakeApi>[0] = {}) {
  const calls = signInOperator({
    '/api/admin/users': () => ok({ list: [row({ id: 1 })], total: 1, pageNo: 1, pageSize: 20 }),
    '/api/admin/users/1': () => ok({ ...emptyUserDetail(row({ id: 1 })), ...detail }),
    ...more,
  });
  renderWithApp(<AdminConsole />, { path: '/admin/users', route: '/admin/*' });
  (await screen.findByRole('row', { name: /13800000001/ })).click();
  return { drawer: await screen.findByRole('dialog'), calls };
}

describe('运营后台 · 用户', () => {
  afterEach(signOut);

  it('lists who is VIP and until when, inside the console’s one <main>', async () => {
    signInOperator({
      '/api/admin/users': () =>
        ok({
          list: [
            row({ id: 2, phone: '13800000002', vipEndAt: new Date(2026, 11, 25, 10, 0).getTime() }),
            row({ id: 1, phone: '13800000001' }),
          ],
          total: 2,
          pageNo: 1,
          pageSize: 20,
        }),
    });
    const { container } = renderWithApp(<AdminConsole />, { path: '/admin/users', route: '/admin/*' });
    const vip = await screen.findByRole('row', { name: /13800000002/ });
    expect(within(vip).getByText('VIP')).toBeInTheDocument();
    expect(vip).toHaveTextContent('2026-12-25 到期');
    expect(screen.getByRole('row', { name: /13800000001/ })).toHaveTextContent('免费用户');
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(container.querySelector('main')).toContainElement(vip);
  });

  it('writes an order’s state and a use’s tool in Chinese in a seller’s details, not paid or cutout', async () => {
    const at = new Date(2026, 10, 20, 9, 0).getTime();
    const order = (orderNo: string, status: 'paid' | 'closed', refundedAmount?: number) => ({
      orderNo,
      productId: 'vip-month',
      productName: 'VIP 月卡',
      days: 30,
      amount: 2990,
      channel: 'alipay',
      status,
      createdAt: at,
      expiresAt: at + 900_000,
      paidAt: status === 'paid' ? at : null,
      vipEndAt: null,
      ...(refundedAmount ? { refundedAmount } : {}),
    });
    const { drawer } = await openSeller({
      orders: [order('A1', 'paid'), order('A2', 'closed'), order('A3', 'paid', 1000)],
      ledger: [
        { feature: 'cutout', day: '2026-11-20', delta: 1, createdAt: at },
        { feature: 'translate', day: '2026-11-20', delta: -1, createdAt: at },
      ],
    });
    expect(await within(drawer).findByText(/VIP 月卡 · ¥29.90 · 已支付/)).toBeInTheDocument();
    expect(within(drawer).getByText(/已关闭/)).toBeInTheDocument();
    expect(within(drawer).getByText(/部分退款 ¥10.00/)).toBeInTheDocument();
    expect(within(drawer).getByText(/抠图与主图 · 使用 1 次/)).toBeInTheDocument();
    expect(within(drawer).getByText(/图片翻译 · 失败退回 1 次/)).toBeInTheDocument();
    expect(drawer).not.toHaveTextContent(/\b(paid|closed|cutout|translate)\b/);
  });

  it('停用账号 asks why (at least 2 characters) and sends the reason with it', async () => {
    const { drawer, calls } = await openSeller({}, { '/api/admin/users/1/disable': () => ok(null) });
    fireEvent.click(await within(drawer).findByRole('button', { name: '停用账号' }));
    const confirm = within(drawer).getByRole('button', { name: /确认停用/ });
    fireEvent.change(within(drawer).getByLabelText('原因'), { target: { value: '刷' } });
    fireEvent.click(confirm);
    expect(await within(drawer).findByText('请写明原因')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('原因'), { target: { value: '批量注册刷用量' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/admin/users/1/disable'))?.body).toEqual({
        disabled: true,
        reason: '批量注册刷用量',
      }),
    );
  });
});
