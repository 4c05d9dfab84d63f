import { register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { settled } from '../support/motion.ts';
import { buyMonthlyVip } from '../support/sandbox-cashier.ts';
import { expect, test } from '../support/test.ts';

const ADMIN = '13912345990';
const BUYER = '13912345991';

test('an admin binds two-factor, finds a sandbox order by phone and refunds it; the buyer loses the VIP', async ({
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await register(buyer, BUYER);
  await buyMonthlyVip(buyer, buyerContext);

  // A seller opening the console sees no data at all.
  await buyer.goto('/#/admin/orders');
  await expect(buyer.getByText('没有权限')).toBeVisible();
  await expect(buyer.getByRole('table')).toHaveCount(0);

  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await register(admin, ADMIN);
  await admin.goto('/#/admin');
  await expect(admin.getByText('请先绑定两步验证')).toBeVisible();
  const totp = await bindTotp(admin);

  // Every console page is in the console's own frame: its one <main>, its menu, none of the seller
  // site's navigation, 邀请有礼 or footer.
  for (const section of [
    '',
    'users',
    'orders',
    'plans',
    'redeem',
    'library',
    'announcements',
    'providers',
    'channels',
    'costs',
    'audit',
  ]) {
    await admin.goto(`/#/admin/${section}`);
    await expect(admin.locator('.console main .admin-section')).toBeVisible();
    await expect(admin.locator('main')).toHaveCount(1);
    await expect(admin.getByRole('menu', { name: '后台菜单' })).toBeVisible();
    await expect(admin.locator('.nav-bar, .site-footer')).toHaveCount(0);
    await expect(admin.getByText('邀请有礼')).toHaveCount(0);
  }
  await expect(admin.getByRole('link', { name: '返回卖家网站' })).toHaveAttribute('href', '#/');

  // 概览 plots new users and yuan on charts of their own: the buyer's ¥29.90 does not flatten the users.
  await admin.getByRole('link', { name: '概览' }).click();
  const usersChart = admin.locator('.ant-card').filter({ hasText: '每日新用户（人）' });
  const revenueChart = admin.locator('.ant-card').filter({ hasText: '每日收入（元）' });
  await expect(
    revenueChart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').last(),
  ).toHaveText(/^¥\d+$/);
  await expect(
    usersChart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').last(),
  ).toHaveText(/^\d+$/);

  // The buyer is VIP until the month ends, as the user list shows.
  await admin.getByRole('link', { name: '用户', exact: true }).click();
  await admin.getByLabel('搜索用户').fill(BUYER);
  await admin.getByLabel('搜索用户').press('Enter');
  const buyerRow = admin.getByRole('row', { name: new RegExp(BUYER) });
  await expect(buyerRow).toContainText(/VIP\s*\d{4}-\d{2}-\d{2} 到期/);

  await admin.getByRole('link', { name: '订单' }).click();
  await admin.getByLabel('按手机号查订单').fill(BUYER);
  await admin.getByLabel('按手机号查订单').press('Enter');
  await admin.getByRole('row', { name: new RegExp(BUYER) }).click();
  const drawer = await settled(admin.getByRole('dialog', { name: '订单详情' }));
  await drawer.getByRole('button', { name: /^退\s*款$/ }).click();
  await drawer.getByLabel('原因').fill('用户申请退款');
  await drawer.getByLabel('两步验证码').fill(await totp.nextCode());
  await drawer.getByRole('button', { name: /确认退款/ }).click();
  await expect(admin.getByText('退款成功', { exact: true })).toBeVisible();
  await expect(drawer.getByText('已退款').first()).toBeVisible();
  // The console speaks Chinese: the payment and the refund in words, no raw status codes or ISO times.
  await expect(drawer).toContainText('已入账');
  await expect(drawer).toContainText('沙箱确认');
  await expect(drawer).not.toContainText(/succeeded|applied|sandbox|pending|T\d\d:\d\d:\d\d/);

  await admin.keyboard.press('Escape');
  await admin.getByRole('link', { name: '用户', exact: true }).click();
  await admin.getByLabel('搜索用户').fill(BUYER);
  await admin.getByLabel('搜索用户').press('Enter');
  await expect(buyerRow).toContainText('免费用户');
  await admin.getByRole('link', { name: '操作日志' }).click();
  await expect(admin.getByRole('cell', { name: '退款', exact: true })).toBeVisible();
  await expect(admin.getByRole('cell', { name: /原因：用户申请退款/ })).toBeVisible();

  await buyer.goto('/#/');
  await buyer.locator('.nav-bar__actions .user-block').hover();
  await expect(buyer.locator('.user-popover')).toContainText('开通VIP');
  // The buyer reads what happened to the order, with the amount.
  await buyer.goto('/#/profile');
  await expect(buyer.getByText(/^已退款 ¥\d+\.\d\d$/)).toBeVisible();
});
