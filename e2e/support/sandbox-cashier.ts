import { type BrowserContext, expect, type Page } from './test.ts';

/** On /pay with 沙箱支付 chosen: 确认下单, then 确认支付 in the sandbox cashier's window, until VIP 生效. */
export async function payInSandbox(page: Page, context: BrowserContext) {
  await page.getByRole('button', { name: /确认下单/ }).click();
  const [cashier] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: '打开沙箱收银台' }).click(),
  ]);
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await expect(cashier.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await cashier.close();
  await expect(page.getByText('支付成功，VIP 已生效')).toBeVisible();
}

/** From the price page, 月度 VIP bought through the sandbox cashier until it takes effect. */
export async function buyMonthlyVip(page: Page, context: BrowserContext) {
  await page.goto('/#/price');
  await page
    .locator('.plan-card')
    .filter({ has: page.getByRole('heading', { name: '月度 VIP', exact: true }) })
    .getByRole('button', { name: '立即开通' })
    .click();
  await payInSandbox(page, context);
}
