import { STORAGE_PREFIX } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { AccountLinks } from '../account-links';

const baseInfo = {
  username: '13812345678',
  nickname: '138****5678',
  inviteCode: 'AB23CD45',
  isVip: false,
  ConsumerLevel: [] as unknown[],
  usage: [],
  usageResetAt: 0,
  createdAt: 0,
};

beforeEach(() => {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  useAuthStore.getState().signIn('tok-1', { username: '13812345678', phone: '13812345678' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function hoverUserBlock() {
  fireEvent.mouseEnter(screen.getByRole('link', { name: '个人中心' }));
}

describe('account popover', () => {
  it('loads the account once on first show, greets by hour and masks the nickname', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 30));
    let resolveInfo: () => void = () => {};
    const gate = new Promise<void>((r) => {
      resolveInfo = r;
    });
    const calls = fakeApi({ '/api/v1/info': () => ok(baseInfo) });
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return original(...args);
    });
    renderWithApp(<AccountLinks />);
    expect(calls).toHaveLength(0);
    await hoverUserBlock();
    fireEvent.mouseLeave(screen.getByRole('link', { name: '个人中心' }));
    await hoverUserBlock();
    resolveInfo();
    expect(await screen.findByText('上午好，')).toBeInTheDocument();
    expect(screen.getAllByText('138****5678').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: '开通VIP' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/info?noError=1');
    expect(calls[0]?.headers.noError).toBe('1');
  });

  it('shows VIP于YYYY-MM-DD到期 with a renew button for a member', async () => {
    const end = new Date(2026, 11, 23, 15, 0).getTime();
    fakeApi({
      '/api/v1/info': () =>
        ok({
          ...baseInfo,
          isVip: true,
          ConsumerLevel: [{ levelName: 'VIP', levelStartAt: 0, levelEndAt: end, source: 'order' }],
        }),
    });
    renderWithApp(<AccountLinks />);
    await hoverUserBlock();
    expect(await screen.findByText(/VIP于2026-12-23到期/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '续费' })).toBeInTheDocument();
  });

  it('logs out: revokes on the server, deletes token and userinfo, and replaces the route with /login', async () => {
    const calls = fakeApi({ '/api/v1/info': () => ok(baseInfo), '/api/v1/logout/': () => ok(null) });
    const { router } = renderWithApp(<AccountLinks />);
    await hoverUserBlock();
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => c.url)).toContain('/api/v1/logout/');
    expect(localStorage.getItem(`${STORAGE_PREFIX}token`)).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}userinfo`)).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
  });
});
