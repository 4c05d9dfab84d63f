import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { MembershipCard } from '../components/membership-card';

const FREE_ACCOUNT = { ConsumerLevel: [], usage: [] } as never;
const LIMITS = {
  free: { chat: 20, draw: 2, cutout: 10, replace: 5, translate: 5 },
  vip: { chat: 300, draw: 50, cutout: 300, replace: 200, translate: 200 },
};
const ON = { chat: true, draw: true, cutout: true, replace: true, translate: true };

afterEach(() => vi.unstubAllGlobals());

describe('会员卡片', () => {
  it('sells the advanced model and the daily numbers the server enforces when both are there', async () => {
    fakeApi({
      '/api/v1/limits': () => ok(LIMITS),
      '/api/v1/offer': () => ok({ advancedModel: true, features: ON }),
    });
    renderWithApp(<MembershipCard info={FREE_ACCOUNT} />);
    expect(
      await screen.findByText('开通 VIP 后 AI 问答每天 300 次（现在 20 次），可用高级模型'),
    ).toBeInTheDocument();
  });

  it('says nothing of an advanced model the site does not have, nor of a tool that is off', async () => {
    fakeApi({
      '/api/v1/limits': () => ok({ ...LIMITS, vip: { ...LIMITS.vip, chat: 120 } }),
      '/api/v1/offer': () => ok({ advancedModel: false, features: { ...ON, chat: false, translate: false } }),
    });
    renderWithApp(<MembershipCard info={FREE_ACCOUNT} />);
    expect(
      await screen.findByText('开通 VIP 后 AI 绘画每天 50 张（现在 2 张），其他工具的次数也更多'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/高级|AI 问答/)).toBeNull();
  });
});
