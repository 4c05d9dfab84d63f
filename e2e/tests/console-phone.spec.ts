import type { Locator } from '@playwright/test';
import { register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { settled } from '../support/motion.ts';
import { expect, type Page, test } from '../support/test.ts';

/** An operator who runs the console from a phone (ADMIN_PHONES in playwright.config.ts). */
const OPERATOR = '13912349410';
const TITLE = '国庆物流提醒：10 月 1 日起暂停发货';

/** Whole on screen sideways: nothing of it past the phone's edges. */
async function expectWithinWidth(thing: Locator, width: number) {
  const box = await thing.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * 公告, 套餐 and 操作日志 on a phone: one card per row with its state and buttons in reach (as 渠道
 * shows its channels), the dialogs within the width; the same pages at 1440 are tables again.
 */
test('on a phone the console’s lists are cards and its dialogs fit; at 1440 they are tables', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, OPERATOR);
  // The console asks for two-factor before any page.
  await bindTotp(page);

  await page.goto('/#/admin/announcements');
  await page.getByRole('button', { name: '发布公告' }).click();
  // Measured once it has zoomed in: mid-animation it is drawn smaller than it is.
  const dialog = await settled(page.getByRole('dialog', { name: '发布公告' }));
  await expectWithinWidth(dialog, 390);
  await dialog.getByLabel('标题').fill(TITLE);
  // The month and its hours were 400 px side by side: on a phone the hours go under the month.
  await dialog.getByLabel('展示时间').first().click();
  const picker = page.locator('.ant-picker-dropdown').filter({ visible: true });
  await expect(picker).toBeVisible();
  await settled(picker);
  await expectWithinWidth(picker.locator('.ant-picker-panel-container'), 390);
  // Shown from a later date, so that no other test meets it on the site meanwhile.
  const [from, to] = await dialog.locator('.ant-picker-input input').all();
  await from?.fill('2030-01-01 08:00');
  await from?.press('Enter');
  await to?.fill('2030-01-08 08:00');
  await to?.press('Enter');
  await expect(picker).toBeHidden();
  await expectWithinWidth(dialog.getByRole('button', { name: /保\s*存/ }), 390);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('公告已保存')).toBeVisible();

  // 公告: a card with its state and both buttons on screen, no table scrolled sideways.
  const card = page.getByRole('listitem', { name: `公告${TITLE}` });
  await expect(card).toContainText('未开始');
  await expect(card).toContainText('2030-01-01 08:00 — 2030-01-08 08:00');
  await expect(card).toContainText('顶部通知条');
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const button of [`编辑公告${TITLE}`, `删除公告${TITLE}`])
    await expectWithinWidth(card.getByRole('button', { name: button }), 390);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // 套餐: each plan a card with its price and 编辑; the dialog fits and 保存 is reachable.
  await page.goto('/#/admin/plans');
  const month = page.getByRole('listitem', { name: '套餐月度 VIP' });
  await expect(month).toContainText('在售');
  await expect(month).toContainText(/售价 ¥\d+\.\d\d/);
  await month.getByRole('button', { name: '编辑月度 VIP' }).click();
  const plan = await settled(page.getByRole('dialog', { name: '编辑套餐' }));
  await expect(plan.getByLabel('名称')).toHaveValue('月度 VIP');
  await expectWithinWidth(plan.locator('.ant-modal-container, .ant-modal-content').first(), 390);
  await plan.getByRole('button', { name: /保\s*存/ }).scrollIntoViewIfNeeded();
  await expectWithinWidth(plan.getByRole('button', { name: /保\s*存/ }), 390);
  await plan.getByRole('button', { name: /取\s*消/ }).click();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // 操作日志: what was done, when and by whom, read without scrolling sideways.
  await page.goto('/#/admin/audit');
  const entry = page.getByRole('listitem', { name: /^发布公告 announcement:\d+$/ });
  await expect(entry).toContainText(`操作人 ${OPERATOR}`);
  await expect(entry).toContainText(TITLE);
  await expectWithinWidth(entry, 390);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // The same pages at 1440: tables whose every column fits beside the menu.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('row', { name: /发布公告/ })).toBeVisible();
  await page.goto('/#/admin/announcements');
  const row = page.getByRole('row', { name: new RegExp(`${TITLE}.*未开始`) });
  await expect(row).toContainText('顶部通知条');
  await expect(row.getByRole('button', { name: `删除公告${TITLE}` })).toBeInViewport({ ratio: 1 });
  await page.goto('/#/admin/plans');
  await expect(
    page.getByRole('row', { name: /月度 VIP/ }).getByRole('button', { name: '编辑月度 VIP' }),
  ).toBeInViewport({
    ratio: 1,
  });
  expect(
    await page
      .locator('.ant-table-content')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth),
  ).toBe(0);
});
