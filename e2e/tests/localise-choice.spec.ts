import { phoneForRepeat, register } from '../support/account.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 一键出海's estimate lets the seller choose: a site taken out there is not estimated and not started.
 * The real server answers the estimate; the job is only started, not waited for (localise.spec.ts
 * follows jobs to the end).
 */
async function oneProductToThreeSites(page: Page) {
  await page.goto('/#/localise');
  await expect(page.getByRole('heading', { name: '一键出海', level: 1 })).toBeVisible();
  await page.getByLabel('商品名称').fill('出海牌保温杯');
  await page
    .getByLabel('主图照片')
    .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await mugPhoto() });
  await expect(page.getByRole('img', { name: 'mug.jpg' })).toBeVisible();
  await page.getByRole('checkbox', { name: '亚马逊 德国站' }).check();
  await page.getByRole('checkbox', { name: 'Shopee 新加坡站' }).check();
  const estimate = page.getByRole('region', { name: '用量预估' });
  await expect(estimate).toContainText('1 个商品 × 3 个站点');
  return estimate;
}

test('at 1440: a site unticked in the estimate is estimated again and not started', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, phoneForRepeat('13912349531', testInfo));
  const estimate = await oneProductToThreeSites(page);
  const chat = estimate.getByRole('listitem').filter({ hasText: 'AI 问答' });
  await expect(chat).toContainText('最多 3 次');

  await estimate.getByRole('checkbox', { name: '亚马逊 · 德国站' }).uncheck();
  await expect(estimate).toContainText('1 个商品 × 2 个站点');
  await expect(chat).toContainText('最多 2 次');
  await expect(estimate.getByRole('checkbox', { name: '全选站点' })).not.toBeChecked();
  // Step 2 still has it ticked: the estimate's choice is this job's, not the site list's.
  await expect(page.getByRole('checkbox', { name: '亚马逊 德国站' })).toBeChecked();
  await estimate.screenshot({ path: testInfo.outputPath('choice-1440-light.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await estimate.screenshot({ path: testInfo.outputPath('choice-390-light.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: '开始出海' }).click();
  await expect(page).toHaveURL(/#\/localise\?job=\d+$/);
  const running = page.getByRole('region', { name: /^出海任务 \d+/ });
  await expect(running.getByRole('status')).toContainText('共 2 个（1 个商品 × 2 个站点）');
  await expect(running).toContainText('亚马逊 · 美国站');
  await expect(running).toContainText('Shopee · 新加坡站');
  await expect(running).not.toContainText('德国站');
  await running.getByRole('button', { name: /取\s*消/ }).click();
  await expect(running.getByRole('status')).toContainText('已取消');
});

test('the choice in dark, at 1440 and on a phone (390): it fits the width', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, phoneForRepeat('13912349533', testInfo));
  await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
  await page.reload(); // the theme is read as the app starts
  const estimate = await oneProductToThreeSites(page);
  await estimate.getByRole('checkbox', { name: 'Shopee · 新加坡站' }).uncheck();
  await expect(estimate).toContainText('1 个商品 × 2 个站点');
  await estimate.screenshot({ path: testInfo.outputPath('choice-1440-dark.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await estimate.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await estimate.getByRole('checkbox', { name: '亚马逊 · 德国站' }).boundingBox();
  expect((box?.x ?? -1) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  await estimate.screenshot({ path: testInfo.outputPath('choice-390-dark.png') });
  await page.evaluate(() => localStorage.setItem('themeName', 'light'));
});
