import type { AdminUserRow } from '@chuhai/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
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

describe('运营后台 · 用户', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
  });

  it('lists who is VIP and until when, inside the page’s one <main> (the app layout’s, not its own)', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    fakeApi({
      '/api/admin/me': () => ok({ userId: 9, phone: '13800000000', role: 'admin', totpBound: true }),
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
    expect(container.querySelectorAll('main')).toHaveLength(0);
  });
});
