import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelView } from '../../../test/channel-view';
import { signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const channel = channelView({
  priority: 5,
  priceInput: 1,
  priceOutput: 2,
  fromEnv: false,
  state: 'cooling',
  stateReason: '密钥无效或无权限（401）',
  calls: 3,
  errors: 3,
});

function openConsole(path: string) {
  signInOperator({
    '/api/admin/channels': () => ok([channel]),
    '/api/admin/audit': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
  });
  return renderWithApp(<AdminConsole />, { path, route: '/admin/*' });
}

describe('运营后台 · 自己的框架', () => {
  afterEach(signOut);

  it('on a wide screen: its name, a side menu of every page, the way back to the site, the theme', async () => {
    const { container } = openConsole('/admin/channels');
    const menu = await screen.findByRole('menu', { name: '后台菜单' });
    for (const page of ['概览', '用户', '订单', '成本', '渠道', '两步验证'])
      expect(within(menu).getByRole('link', { name: page })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: '渠道' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(screen.getByRole('link', { name: /出海助手\s*·\s*运营后台/ })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: '返回卖家网站' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: '切换到深色主题' })).toBeInTheDocument();
    // The seller site's frame is not here: no 邀请有礼, no seller menu.
    expect(screen.queryByText('邀请有礼')).toBeNull();
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    expect(container.querySelectorAll('main')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('渠道 · 运营后台 · 出海助手'));
  });

  it('on a phone: the menu is a drawer opened from the bar, and it closes when a page is chosen', async () => {
    screenWidth(390);
    const { router } = openConsole('/admin/channels');
    await screen.findByRole('heading', { name: '渠道' });
    expect(screen.queryByRole('menu', { name: '后台菜单' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '打开后台菜单' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('管理员')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('link', { name: '操作日志' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/audit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: '返回卖家网站' })).toHaveAttribute('href', '/');
  });

  it('on a phone: 渠道 is one card per channel with its state, reason and buttons, not a wide table', async () => {
    screenWidth(390);
    openConsole('/admin/channels');
    const card = await screen.findByRole('listitem', { name: '渠道主渠道' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('冷却中');
    expect(card).toHaveTextContent('密钥无效或无权限（401）');
    expect(card).toHaveTextContent('优先级 5');
    for (const action of ['测试渠道主渠道', '编辑渠道主渠道', '停用渠道主渠道'])
      expect(within(card).getByRole('button', { name: action })).toBeInTheDocument();
  });
});
