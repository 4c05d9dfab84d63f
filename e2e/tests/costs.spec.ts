import { register } from '../support/account.ts';
import { buyMonthlyVip } from '../support/sandbox-cashier.ts';
import { expect, type Page, test } from '../support/test.ts';

const ADMIN = '13912349401';
const SELLER = '13912349402';
/** An admin who reads 成本 on a phone, and the seller whose call they look for. */
const PHONE_ADMIN = '13912349403';
const PHONE_SELLER = '13912349404';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** A seller asks one question in AI 问答 (the fake provider reports the tokens). */
async function askOnce(page: Page, phone: string) {
  await register(page, phone);
  await page.goto('/#/question');
  await page.getByLabel('问题').fill('Temu 的包邮门槛怎么定？');
  await page.getByLabel('问题').press('Enter');
  await expect(page.locator('.chat-answer').first()).toContainText('你问的是');
  // To the end: an answer cut off by leaving has no usage from the provider (its tokens are estimated).
  await expect(page.locator('.chat-answer').first()).not.toHaveAttribute('aria-busy', 'true');
}

/**
 * 成本 · 调用明细 and 卖家排行: an operator finds a seller's question with its tokens and cost, sees
 * them ranked with what they paid, and is told that the drawing channel has no price (¥0).
 */
test('an operator reads each call with its tokens, ranks sellers by cost, and is warned of ¥0 prices', async ({
  page,
  browser,
}) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await askOnce(seller, SELLER);
  await buyMonthlyVip(seller, sellerContext);
  await sellerContext.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, ADMIN);
  await page.goto('/#/admin/costs');
  await expect(page.getByRole('heading', { name: '成本与毛利' })).toBeVisible();
  // The drawing channel from the environment has no price: its pictures count as ¥0.
  await expect(page.getByRole('alert').filter({ hasText: '没有设置价格' })).toContainText('默认绘画渠道');

  await page.getByRole('tab', { name: '调用明细' }).click();
  await page.getByLabel('按卖家手机号筛选').fill(SELLER);
  await page.getByLabel('按卖家手机号筛选').press('Enter');
  // Other specs' dead channel may have been tried first (a failed row on it): the answered call is
  // the one that succeeded on the default channel.
  const call = page
    .getByRole('row')
    .filter({ hasText: masked(SELLER) })
    .filter({ hasText: 'AI 问答' })
    .filter({ hasText: '默认对话渠道' })
    .filter({ hasText: '成功' })
    .filter({ hasNotText: '估算' })
    .first();
  await expect(call).toContainText('fake-standard');
  // Tokens as the provider reported them (input / output), no 估算 mark, and a cost above zero.
  const cells = await call.getByRole('cell').allTextContents();
  expect(cells[4]).toMatch(/^[1-9][\d,]* \/ [1-9][\d,]*$/);
  expect(Number(cells[6])).toBeGreaterThan(0);
  // At 1440 the whole row fits: nothing scrolls sideways.
  const log = page.getByRole('tabpanel').locator('.ant-table-content');
  expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

  await page.getByRole('tab', { name: '卖家排行' }).click();
  await page.getByRole('tabpanel').getByText('近 30 天').click();
  const ranked = page.getByRole('row', { name: new RegExp(masked(SELLER).replace(/\*/g, '\\*')) });
  await expect(ranked).toContainText('29.90');
  await expect(page.getByText(/位卖家共调用 \d+ 次/)).toBeVisible();
  // A seller chosen in the ranking opens their calls.
  await ranked.click();
  await expect(page).toHaveURL(/tab=calls/);
  await expect(page.getByRole('button', { name: `卖家 ${masked(SELLER)}` })).toBeVisible();
  // Only that seller's calls are listed.
  await expect(page.getByRole('row', { name: /AI 问答/ }).first()).toContainText(masked(SELLER));
  for (const text of await page.getByRole('row').filter({ hasText: '139****' }).allTextContents())
    expect(text).toContain(masked(SELLER));
});

test.describe('390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the calls and the ranking are cards that fit the screen', async ({ page, browser }) => {
    const sellerContext = await browser.newContext();
    await askOnce(await sellerContext.newPage(), PHONE_SELLER);
    await sellerContext.close();

    await register(page, PHONE_ADMIN);
    await page.goto('/#/admin/costs?tab=calls');
    await expect(page.getByRole('alert').filter({ hasText: '没有设置价格' })).toBeVisible();
    await page.getByLabel('按卖家手机号筛选').fill(PHONE_SELLER);
    await page.getByLabel('按卖家手机号筛选').press('Enter');
    const card = page
      .getByRole('listitem', { name: /^调用 / })
      .filter({ hasText: '默认对话渠道' })
      .filter({ hasText: '成功' })
      .filter({ hasNotText: '估算' })
      .first();
    await expect(card).toContainText(masked(PHONE_SELLER));
    await expect(card).toContainText(/tokens 输入 [1-9][\d,]* \/ 输出 [1-9][\d,]*/);
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('tab', { name: '卖家排行' }).click();
    const ranked = page.getByRole('listitem', { name: `卖家${masked(PHONE_SELLER)}` });
    await expect(ranked).toContainText('AI 成本 ¥');
    const box = await ranked.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 汇总's days too: a card a day, no table scrolling sideways.
    await page.getByRole('tab', { name: '汇总' }).click();
    await expect(
      page.getByRole('list', { name: '每日收入与成本' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('table').filter({ hasText: '毛利率' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/costs-days-390.png`, fullPage: true });
  });
});
