import type { AdminOrderRow, AdminUserRow } from '@chuhai/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyUserDetail, signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { SELLER_PHONE, signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const at = new Date(2026, 10, 20, 9, 0).getTime();
const seller: AdminUserRow = {
  id: 1,
  phone: '13800000001',
  inviteCode: 'AB23CD45',
  role: 'user',
  disabled: false,
  createdAt: at,
  vipEndAt: null,
};
const order: AdminOrderRow = {
  orderNo: 'CH2026112009000001',
  productId: 'vip-month',
  productName: '月度 VIP',
  days: 31,
  amount: 2990,
  channel: 'sandbox',
  status: 'paid',
  createdAt: at,
  expiresAt: at + 900_000,
  paidAt: at,
  vipEndAt: at + 31 * 86_400_000,
  phone: '13800000001',
  refundedAmount: 0,
};

/** The console as `role`, on `path`, with one seller and one paid order of theirs. */
function openAs(role: 'admin' | 'support', path: string, shown: AdminOrderRow = order) {
  signInOperator({
    '/api/admin/me': () => ok({ userId: 9, phone: SELLER_PHONE, role, totpBound: true }),
    '/api/admin/users': () => ok({ list: [seller], total: 1, pageNo: 1, pageSize: 20 }),
    '/api/admin/users/1': () => ok(emptyUserDetail(seller)),
    '/api/admin/orders': () => ok({ list: [shown], total: 1, pageNo: 1, pageSize: 20 }),
    [`/api/admin/orders/${order.orderNo}`]: () => ok({ order: shown, events: [], refunds: [] }),
  });
  renderWithApp(<AdminConsole />, { path, route: '/admin/*' });
}

async function openRow(name: RegExp) {
  (await screen.findByRole('row', { name })).click();
  return screen.findByRole('dialog');
}

describe('运营后台 · 客服只读', () => {
  afterEach(signOut);

  it('gives an admin 退款 on a paid order', async () => {
    openAs('admin', '/admin/orders');
    const drawer = await openRow(/CH2026112009000001/);
    expect(await within(drawer).findByRole('button', { name: /退\s*款/ })).toBeInTheDocument();
  });

  it('says 部分退款 on an order part refunded, as the seller’s own order list does, not 已支付', async () => {
    openAs('admin', '/admin/orders', { ...order, refundedAmount: 1000 });
    const drawer = await openRow(/CH2026112009000001/);
    expect(await within(drawer).findByText('部分退款 ¥10.00')).toBeInTheDocument();
    expect(within(drawer).queryByText('已支付')).toBeNull();
  });

  it('gives an admin the account changes on a seller', async () => {
    openAs('admin', '/admin/users');
    const drawer = await openRow(/13800000001/);
    for (const action of ['调整会员', '停用账号', '修改角色'])
      expect(await within(drawer).findByRole('button', { name: action })).toBeInTheDocument();
  });

  it('shows 客服 the order without 退款, which the server would refuse them', async () => {
    openAs('support', '/admin/orders');
    const drawer = await openRow(/CH2026112009000001/);
    expect(await within(drawer).findByText('月度 VIP（31 天）')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /退\s*款/ })).toBeNull();
  });

  it('shows 客服 the seller without the account changes, which the server would refuse them', async () => {
    openAs('support', '/admin/users');
    const drawer = await openRow(/13800000001/);
    expect(await within(drawer).findByText('不是 VIP')).toBeInTheDocument();
    for (const action of ['调整会员', '停用账号', '修改角色'])
      expect(within(drawer).queryByRole('button', { name: action })).toBeNull();
  });
});
