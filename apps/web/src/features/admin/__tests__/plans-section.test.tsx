import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOperator } from '../../../test/operator';
import { MONTH_PLAN } from '../../../test/plans';
import { ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { signOut } from '../../../test/seller';
import { PlansSection } from '../components/plans-section';

const MONTH = {
  ...MONTH_PLAN,
  benefits: ['AI 问答每日 300 次，可用高级模型', 'AI 绘画每日 50 张'],
  enabled: true,
  sortOrder: 10,
};
const LIMITS = {
  free: { chat: 20, draw: 2, cutout: 10, replace: 5, translate: 5 },
  vip: { chat: 300, draw: 50, cutout: 300, replace: 200, translate: 200 },
};

describe('套餐：权益与本站现在的设置', () => {
  afterEach(signOut);

  it('warns the operator of a benefit sellers will not see, and why, as they type', async () => {
    signInOperator({
      '/api/admin/plans': () => ok([MONTH]),
      '/api/v1/limits': () => ok(LIMITS),
      '/api/v1/offer': () =>
        ok({
          advancedModel: false,
          features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
        }),
    });
    renderWithApp(<PlansSection canEdit />);
    expect(await screen.findByText('1 句不显示')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '编辑月度 VIP' }));
    const dialog = await screen.findByRole('dialog');
    const warning = await within(dialog).findByText('以下权益本站现在做不到，卖家不会看到');
    const alert = warning.closest('.ant-alert') as HTMLElement;
    expect(alert).toHaveTextContent('「可用高级模型」：现在没有可用的高级问答模型');
    expect(alert).not.toHaveTextContent('AI 绘画');

    fireEvent.change(within(dialog).getByLabelText(/权益/), {
      target: { value: 'AI 问答每日 300 次\nAI 绘画每日 80 张' },
    });
    expect(
      await within(dialog).findByText(/「AI 绘画每日 80 张」：写的是 80 张，AI 绘画现在 VIP 每日 50 张/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/高级问答模型/)).toBeNull();
  });

  it('on a phone: each plan is a card with its state, price and 编辑, not a table scrolled sideways', async () => {
    screenWidth(390);
    signInOperator({
      '/api/admin/plans': () => ok([MONTH, { ...MONTH, id: 'vip-old', name: '旧月卡', enabled: false }]),
      '/api/v1/limits': () => ok(LIMITS),
      '/api/v1/offer': () =>
        ok({
          advancedModel: true,
          features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
        }),
    });
    renderWithApp(<PlansSection canEdit />);
    const month = await screen.findByRole('listitem', { name: '套餐月度 VIP' });
    expect(month).toHaveTextContent('在售');
    expect(month).toHaveTextContent('售价 ¥29.90');
    expect(month).toHaveTextContent('原价 ¥39.00');
    expect(screen.getByRole('listitem', { name: '套餐旧月卡' })).toHaveTextContent('已下架');
    // The plans are not a table on a phone (the daily limits, three columns, still are).
    expect(screen.queryByRole('columnheader', { name: '售价' })).toBeNull();
    fireEvent.click(within(month).getByRole('button', { name: '编辑月度 VIP' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('编辑套餐');
  });

  it('on a wide screen the plans are a table', async () => {
    screenWidth(1440);
    signInOperator({ '/api/admin/plans': () => ok([MONTH]), '/api/v1/limits': () => ok(LIMITS) });
    renderWithApp(<PlansSection canEdit />);
    expect(await screen.findByRole('row', { name: /月度 VIP/ })).toHaveTextContent('¥29.90');
    expect(screen.queryByRole('listitem', { name: '套餐月度 VIP' })).toBeNull();
  });
});
