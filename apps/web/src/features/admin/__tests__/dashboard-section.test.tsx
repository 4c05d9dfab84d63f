import type { Dashboard } from '@chuhai/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { eachTestSignedIn } from '../../../test/seller';
import { DashboardSection } from '../components/dashboard-section';

const WEEK: Dashboard = {
  days: 7,
  newUsers: 12,
  activeUsers: 40,
  paidOrders: 3,
  revenueFen: 8970,
  refundedFen: 2990,
  vipMembers: 5,
  uses: [{ feature: 'chat', name: 'AI 问答', used: 88 }],
  providerFailures: 2,
  // The day's revenue, net of its refunds.
  series: [{ day: '2026-11-28', newUsers: 12, revenueFen: 5980, uses: 88 }],
};

/** The figure card titled `title`: its value as shown. */
const figure = (title: string) => screen.getByText(title).closest('.ant-statistic');

describe('运营后台 · 概览', () => {
  eachTestSignedIn();

  it('shows the week’s figures, money in yuan with 收入 net of 退款, and a chart of each day’s new users, revenue and each feature’s uses', async () => {
    fakeApi({ '/api/admin/dashboard': () => ok(WEEK) });
    renderWithApp(<DashboardSection />);
    await screen.findByText('活跃用户');
    expect(figure('新用户')).toHaveTextContent('12');
    // ¥89.70 paid less ¥29.90 refunded: the same 收入 as the chart's days and 成本.
    expect(figure('收入（元）')).toHaveTextContent('59.80');
    expect(figure('退款（元）')).toHaveTextContent('29.90');
    expect(figure('服务失败退回')).toHaveTextContent('2');
    for (const chart of ['每日新用户（人）', '每日收入（元）', '各功能用量（次）'])
      expect(screen.getByText(chart)).toBeInTheDocument();
  });
});
