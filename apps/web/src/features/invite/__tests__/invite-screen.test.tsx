import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { InviteScreen, inviteLink } from '../components/invite-screen';

const PAGE = {
  list: [
    {
      id: 2,
      phone: '139****0002',
      event: 'register',
      eventName: '好友注册',
      rewardDays: 0,
      capped: true,
      createdAt: 1,
    },
    {
      id: 1,
      phone: '139****0001',
      event: 'first-order',
      eventName: '好友首次购买',
      rewardDays: 7,
      capped: false,
      createdAt: 1,
    },
  ],
  total: 2,
  pageNo: 1,
  pageSize: 5,
  summary: {
    inviteCode: 'AB12CD34',
    invitedCount: 51,
    rewardDaysTotal: 157,
    rewardedThisMonth: 50,
    monthlyCap: 50,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('邀请有礼', () => {
  beforeEach(() => useAuthStore.getState().signIn('t', { username: '13900000000', phone: '13900000000' }));

  it('builds the register link with the code', () => {
    expect(inviteLink('AB12CD34', 'https://chuhai.example')).toBe(
      'https://chuhai.example/#/register?invite=AB12CD34',
    );
  });

  it('shows the link, totals, and each event with its reward or the cap', async () => {
    const calls = fakeApi({ '/api/v1/inviteActivityHistory': () => ok(PAGE) });
    renderWithApp(<InviteScreen />);
    expect(await screen.findByDisplayValue(/#\/register\?invite=AB12CD34$/)).toBeInTheDocument();
    expect(screen.getByText('157')).toBeInTheDocument();
    expect(screen.getByText('已达本月上限')).toBeInTheDocument();
    expect(screen.getByText('+7 天 VIP')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/v1/inviteActivityHistory?pageNo=1&pageSize=5');
  });

  it('asks a signed-out visitor to log in', () => {
    useAuthStore.getState().clear();
    renderWithApp(<InviteScreen />);
    expect(screen.getByText('登录后获取你的专属邀请链接')).toBeInTheDocument();
  });
});
