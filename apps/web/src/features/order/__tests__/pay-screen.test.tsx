import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { MONTH_PLAN } from '../../../test/plans';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { PayScreen } from '../components/pay-screen';
import { PriceScreen } from '../components/price-screen';

const CATALOGUE = {
  currency: 'CNY',
  plans: [{ ...MONTH_PLAN, benefits: ['AI 问答每日 300 次'] }],
};
const LIMITS = {
  free: { chat: 7, draw: 2, cutout: 10, replace: 5, translate: 5 },
  vip: { chat: 250, draw: 50, cutout: 300, replace: 200, translate: 200 },
};
const EVERYTHING_ON = {
  advancedModel: true,
  features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
};
const ORDER = {
  orderNo: 'CH20261122100000123456',
  productId: 'vip-month',
  productName: '月度 VIP',
  days: 31,
  amount: 2990,
  channel: 'sandbox',
  status: 'pending',
  createdAt: Date.now(),
  expiresAt: Date.now() + 900_000,
  paidAt: null,
  vipEndAt: null,
};

beforeEach(() => useAuthStore.getState().signIn('t', { username: '13900000000', phone: '13900000000' }));
afterEach(() => vi.unstubAllGlobals());

describe('购买与支付', () => {
  it('the price screen compares free and VIP limits as the server reports them', async () => {
    fakeApi({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/info': () => ok({ ConsumerLevel: [], usage: [] }),
      '/api/v1/limits': () => ok(LIMITS),
      '/api/v1/offer': () => ok(EVERYTHING_ON),
    });
    renderWithApp(<PriceScreen />);
    expect(await screen.findByText('¥29.90')).toBeInTheDocument();
    const chatRow = screen.getByRole('row', { name: /AI 问答（每日）/ });
    await waitFor(() => expect(chatRow).toHaveTextContent('7 次'));
    expect(chatRow).toHaveTextContent('250 次');
    expect(await screen.findByRole('row', { name: /高级问答模型/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /AI 绘画（每日）/ })).toBeInTheDocument();
  });

  it('promises no advanced model and no tool the site has switched off', async () => {
    const offerAsked = vi.fn();
    fakeApi({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/info': () => ok({ ConsumerLevel: [], usage: [] }),
      '/api/v1/limits': () => ok(LIMITS),
      '/api/v1/offer': () => {
        offerAsked();
        return ok({ advancedModel: false, features: { ...EVERYTHING_ON.features, draw: false } });
      },
    });
    renderWithApp(<PriceScreen />);
    const chatRow = await screen.findByRole('row', { name: /AI 问答（每日）/ });
    await waitFor(() => expect(offerAsked).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('row', { name: /AI 绘画/ })).toBeNull());
    expect(chatRow).toHaveTextContent('250 次');
    expect(screen.queryByText(/高级/)).toBeNull();
  });

  it('orders with the chosen channel, shows the QR and amount, and polls until paid', async () => {
    let polls = 0;
    const calls = fakeApi({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/payChannels': () => ok([{ channel: 'sandbox', name: '沙箱支付', sandbox: true }]),
      '/api/v1/pay/': () =>
        ok({ order: ORDER, qrCode: 'http://x/pay/sandbox/CH1', payUrl: 'http://x/pay/sandbox/CH1' }),
      '/api/v1/callback/order/': () => {
        polls += 1;
        return ok(
          polls < 2
            ? ORDER
            : {
                ...ORDER,
                status: 'paid',
                paidAt: Date.now(),
                vipEndAt: Date.parse('2026-12-23T10:00:00+08:00'),
              },
        );
      },
    });
    renderWithApp(<PayScreen />, { path: '/pay?productId=vip-month', route: '/pay' });
    await userEvent.click(await screen.findByRole('button', { name: /确认下单/ }));
    expect(calls.find((c) => c.url === '/api/v1/pay/')?.body).toEqual({
      productId: 'vip-month',
      channel: 'sandbox',
      payKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await screen.findByText('沙箱支付：用于开发和演示，不会真实扣款')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开沙箱收银台' })).toHaveAttribute(
      'href',
      'http://x/pay/sandbox/CH1',
    );
    await waitFor(() => expect(screen.getByText('支付成功，VIP 已生效')).toBeInTheDocument());
    expect(screen.getByText('VIP 于 2026-12-23 到期')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url.startsWith('/api/v1/callback/order/?orderNo=CH2026')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('says the days run on from the VIP a seller has, and start at once for one who has none', async () => {
    const end = Date.parse('2027-01-15T10:00:00+08:00');
    const routes = (levels: unknown[]) => ({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/payChannels': () => ok([{ channel: 'sandbox', name: '沙箱支付', sandbox: true }]),
      '/api/v1/info': () => ok({ ConsumerLevel: levels, usage: [] }),
    });
    fakeApi(routes([{ levelName: 'VIP', levelEndAt: end }]));
    const { unmount } = renderWithApp(<PayScreen />, { path: '/pay?productId=vip-month', route: '/pay' });
    expect(await screen.findByText('31 天会员，从当前到期日 2027-01-15 往后顺延')).toBeInTheDocument();
    unmount();
    fakeApi(routes([]));
    renderWithApp(<PayScreen />, { path: '/pay?productId=vip-month', route: '/pay' });
    expect(await screen.findByText('31 天会员，付款后立即生效')).toBeInTheDocument();
    expect(screen.queryByText(/顺延/)).toBeNull();
  });

  it('确认下单 clicked twice and retried after a refusal sends one key: the server answers one order', async () => {
    let refuse = true;
    const calls = fakeApi({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/payChannels': () => ok([{ channel: 'sandbox', name: '沙箱支付', sandbox: true }]),
      '/api/v1/pay/': () =>
        refuse
          ? {
              status: 503,
              body: { code: 503, msg: '沙箱支付暂时无法下单，请稍后再试或换一种支付方式', data: null },
            }
          : ok({ order: ORDER, qrCode: 'http://x/pay/sandbox/CH1', payUrl: null }),
      '/api/v1/callback/order/': () => ok(ORDER),
    });
    renderWithApp(<PayScreen />, { path: '/pay?productId=vip-month', route: '/pay' });
    const place = await screen.findByRole('button', { name: /确认下单/ });
    // Each click of the double click comes after the refusal here (the fake answers at once).
    await userEvent.dblClick(place);
    const orders = () => calls.filter((c) => c.url === '/api/v1/pay/');
    await waitFor(() => expect(place).not.toHaveClass('ant-btn-loading'));
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: /确认下单/ }));
    expect(await screen.findByText(/订单号 CH20261122100000123456/)).toBeInTheDocument();
    const keys = orders().map((c) => (c.body as { payKey: string }).payKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('without a plan chosen it leads back to the plans', async () => {
    fakeApi({
      '/product.json': () => ({ body: CATALOGUE }),
      '/api/v1/payChannels': () => ok([]),
    });
    renderWithApp(<PayScreen />, { path: '/pay', route: '/pay' });
    expect(await screen.findByText('请先选择套餐')).toBeInTheDocument();
  });
});
