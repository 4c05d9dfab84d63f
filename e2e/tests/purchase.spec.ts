import { register } from '../support/account.ts';
import { browserDateIn } from '../support/dates.ts';
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';

/** Buys a plan with the sandbox channel: /price → /pay → the cashier in a new window → 确认支付. */
async function buy(page: Page, context: BrowserContext, planName: string) {
  await page.goto('/#/price');
  await page
    .locator('.plan-card')
    .filter({ has: page.getByRole('heading', { name: planName, exact: true }) })
    .getByRole('button', { name: '立即开通' })
    .click();
  await expect(page).toHaveURL(/#\/pay\?productId=/);
  await expect(page.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
  await page.getByRole('button', { name: /确认下单/ }).click();
  await expect(page.getByText('沙箱支付：用于开发和演示，不会真实扣款')).toBeVisible();
  await expect(page.getByText(/剩余支付时间/)).toContainText(/1[45]:\d\d/);
  const [cashier] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: '打开沙箱收银台' }).click(),
  ]);
  await expect(cashier.getByText('沙箱环境 · 不会真实扣款')).toBeVisible();
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await cashier.close();
  await expect(page.getByText('支付成功，VIP 已生效')).toBeVisible();
}

/** Opens the account popover on the home page and waits for it to say `text` (it loads on first show). */
async function expectPopover(page: Page, text: string) {
  await page.goto('/#/');
  await page.locator('.nav-bar__actions .user-block').hover();
  await expect(page.locator('.user-popover')).toContainText(text);
  await page.mouse.move(10, 600);
}

test('buy a monthly plan, see VIP 31 days out, buy again and see it extended from the old end', async ({
  page,
  context,
}) => {
  await register(page, '13912349901');
  await buy(page, context, '月度 VIP');
  await expect(page.getByText(`VIP 于 ${browserDateIn(31)} 到期`)).toBeVisible();
  await expectPopover(page, `VIP于${browserDateIn(31)}到期`);

  await buy(page, context, '月度 VIP');
  await expect(page.getByText(`VIP 于 ${browserDateIn(62)} 到期`)).toBeVisible();
  await expectPopover(page, `VIP于${browserDateIn(62)}到期`);

  await page.goto('/#/profile');
  const orders = page.locator('.profile-orders');
  await expect(orders.getByRole('row', { name: /月度 VIP.*¥29\.90.*已支付/ })).toHaveCount(2);
});

test('A invites B; B’s first purchase gives A a second reward of 7 days', async ({ page, browser }) => {
  await register(page, '13912349911');
  await page.goto('/#/invitat');
  const link = await page.getByLabel('邀请链接').inputValue();

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await register(friend, '13912349912', link);
  await buy(friend, friendContext, '月度 VIP');
  // B: 1 day for registering, then 31 more from that end.
  await expect(friend.getByText(`VIP 于 ${browserDateIn(32)} 到期`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('row', { name: /139\*\*\*\*9912.*好友首次购买.*\+7 天 VIP/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /139\*\*\*\*9912.*好友注册.*\+3 天 VIP/ })).toBeVisible();
  await expectPopover(page, `VIP于${browserDateIn(10)}到期`);
});
