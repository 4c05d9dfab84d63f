import { writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { phoneForRepeat, register } from '../support/account.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 一键出海 on a phone: the catalogue's products each with their main photo, and 我的出海任务 reached
 * from the top of the page instead of under the whole form. The job is only started and cancelled
 * (localise.spec.ts follows jobs to the end).
 */
async function readCatalogue(page: Page, dir: (name: string) => string) {
  await page.goto('/#/localise');
  await page.getByText('商品目录', { exact: true }).click();
  const sheet = dir('products.csv');
  writeFileSync(
    sheet,
    [
      '商品编码,商品名称',
      'SKU-A,出海牌保温杯',
      'SKU-B,不锈钢运动水壶（一个很长的商品名称，看它在手机上怎么换行）',
    ].join('\n'),
  );
  const mug = new Uint8Array(await mugPhoto());
  const photos = dir('photos.zip');
  writeFileSync(photos, zipSync({ 'SKU-A.jpg': mug, 'SKU-A-1.jpg': mug, 'SKU-B.jpg': mug }));
  await page.getByLabel('选择商品表格').setInputFiles(sheet);
  await page.getByLabel('选择照片 ZIP').setInputFiles(photos);
  await page.getByRole('button', { name: '上传并读取目录' }).click();
  const read = page.getByRole('region', { name: '读取结果' });
  await expect(read).toContainText('可以处理 2 个商品');
  return read;
}

test('on a phone (390): each catalogue product shows its main photo; 我的出海任务 is a tap from the top of the page', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, phoneForRepeat('13912354610', testInfo));
  const read = await readCatalogue(page, (name) => testInfo.outputPath(name));

  // Each product's row: its thumbnail (loaded from the server), its name, its photo count.
  for (const name of ['出海牌保温杯', '不锈钢运动水壶']) {
    const thumb = read.getByRole('img', { name: new RegExp(`^${name}.* 的主图$`) });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // The count line is closer to its own product's name than to the next product.
  const items = read.locator('.localise-catalogue__product');
  const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
  const count = await items.nth(0).getByText('主图 1 张 · 详情图 1 张').boundingBox();
  const name = await items.nth(0).getByText('出海牌保温杯').boundingBox();
  if (!first || !second || !count || !name) throw new Error('the list is not laid out');
  expect(count.y - (name.y + name.height)).toBeLessThan(second.y - (count.y + count.height));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await read.screenshot({ path: testInfo.outputPath('catalogue-390-light.png') });

  await page.getByRole('button', { name: '开始出海' }).click();
  await expect(page).toHaveURL(/#\/localise\?job=\d+$/);
  const running = page.getByRole('region', { name: /^出海任务 \d+/ });
  await expect(running.getByRole('status')).toContainText('共 2 个（2 个商品 × 1 个站点）');
  await running.getByRole('button', { name: /取\s*消/ }).click();
  await expect(running.getByRole('status')).toContainText('已取消');

  // A new job's page: the list is under the whole form, the way to it at the top.
  await page.goto('/#/localise');
  const jump = page.getByRole('button', { name: /^我的出海任务（1）/ });
  await expect(jump).toBeInViewport();
  const list = page.getByRole('region', { name: '我的出海任务' });
  await expect(list).not.toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('top-390-light.png') });
  await jump.click();
  await expect(list.getByRole('heading', { name: '我的出海任务' })).toBeInViewport();
  await expect(list.getByRole('heading', { name: '我的出海任务' })).toBeFocused();
  await expect(list.getByRole('link', { name: /保温杯/ })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('list-390-light.png') });

  // At 1440 the list is beside the form, in view, and the jump is not shown.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(jump).toBeHidden();
  await expect(list).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('page-1440-light.png') });
});

test('in dark, at 1440 and 390: the catalogue list with its thumbnails, and the jump to 我的出海任务', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, phoneForRepeat('13912354620', testInfo));
  await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
  await page.reload(); // the theme is read as the app starts
  const read = await readCatalogue(page, (name) => testInfo.outputPath(name));
  const thumb = read.getByRole('img', { name: '出海牌保温杯 的主图' });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await read.screenshot({ path: testInfo.outputPath('catalogue-1440-dark.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await read.scrollIntoViewIfNeeded();
  await read.screenshot({ path: testInfo.outputPath('catalogue-390-dark.png') });

  await page.getByRole('button', { name: '开始出海' }).click();
  const running = page.getByRole('region', { name: /^出海任务 \d+/ });
  await expect(running.getByRole('status')).toContainText('共 2 个');
  await running.getByRole('button', { name: /取\s*消/ }).click();
  await expect(running.getByRole('status')).toContainText('已取消');
  await page.goto('/#/localise');
  const jump = page.getByRole('button', { name: /^我的出海任务（1）/ });
  await expect(jump).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('top-390-dark.png') });
  await jump.click();
  await expect(page.getByRole('heading', { name: '我的出海任务' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('list-390-dark.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('page-1440-dark.png') });
  await page.evaluate(() => localStorage.setItem('themeName', 'light'));
});
