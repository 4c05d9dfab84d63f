import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavLinks } from '../../../components/layouts/nav-links';
import { PriceScreen } from '../../../features/order/components/price-screen';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import HomeScreen from '../home';

/** Limits as an operator left them: 3 free drawings a day, not the default 2. */
const LIMITS = {
  free: { chat: 20, draw: 3, cutout: 10, replace: 5 },
  vip: { chat: 300, draw: 50, cutout: 300, replace: 200 },
};

beforeEach(() => {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  fakeApi({
    '/api/v1/limits': () => ok(LIMITS),
    '/api/v1/announcements': () => ok([]),
    '/product.json': () => ({ body: { currency: 'CNY', plans: [] } }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe('AI 绘画 for free accounts: 「免费试用」 with the daily quota, alike everywhere', () => {
  it('the home card says it, with the quota the server enforces', async () => {
    renderWithApp(<HomeScreen />);
    const card = screen.getByRole('heading', { name: 'AI 绘画' }).closest('a') as HTMLElement;
    expect(await within(card).findByText('免费试用，每天 3 张')).toBeInTheDocument();
    expect(screen.getByText(/免费用户每天可用 AI 问答 20 次、AI 绘画 3 张/)).toBeInTheDocument();
  });

  it('the menu marks AI绘画 for anyone not known to be VIP', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13812345678', phone: '13812345678' });
    const { queryClient } = renderWithApp(<NavLinks className="nav-bar__link" variant="bar" />);
    const draw = screen.getByRole('link', { name: /AI绘画/ });
    expect(within(draw).getByText('免费试用')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'AI问答' })).not.toHaveTextContent('免费试用');
    // The popover has loaded the account: a VIP.
    queryClient.setQueryData(['account-info', 'tok-1'], {
      ConsumerLevel: [{ levelEndAt: Date.now() + 86_400_000 }],
    });
    expect(await screen.findByRole('link', { name: 'AI绘画' })).not.toHaveTextContent('免费试用');
  });

  it('the price page marks it and counts drawings in 张, as the home page and the plans do', async () => {
    renderWithApp(<PriceScreen />);
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.startsWith('AI 绘画'));
    expect(row).toBeDefined();
    await within(row as HTMLElement).findByText('3 张');
    expect(within(row as HTMLElement).getByText('免费试用')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('50 张')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /AI 问答（每日）\s*20 次\s*300 次/ })).toBeInTheDocument();
  });
});
