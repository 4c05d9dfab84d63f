import { phoneForRepeat, register } from '../support/account.ts';
import { badgePhoto, redPixels } from '../support/badge-photo.ts';
import { expect, test } from '../support/test.ts';

/**
 * 智能做图's main image shows the product only: a supplier's 「包邮」 badge drawn on the background
 * beside the product is cut out by the real matting model as a part of its own, and the white main
 * image is made from the product alone. 「这些都是商品」 brings the other parts back for a set.
 */
test.describe.configure({ timeout: 180_000 });

for (const device of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: '13912347820' },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: '13912347830' },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.name === 'phone' });

    test('a 包邮 badge beside the product is left out of the Amazon main image', async ({
      page,
    }, testInfo) => {
      await register(page, phoneForRepeat(device.phone, testInfo));
      await page.goto('/#/image');
      await expect(page.getByText('今日剩余 10/10 张')).toBeVisible();
      await expect(page.getByLabel('主图尺寸')).toBeVisible();
      await expect(page.locator('.studio-field')).toContainText('亚马逊 Amazon');
      const photo = await badgePhoto();
      // The photo itself has the badge: the check below can see one.
      expect(await redPixels(photo)).toBeGreaterThan(20_000);
      await page
        .getByLabel('选择图片')
        .setInputFiles({ name: '包邮套装.png', mimeType: 'image/png', buffer: photo });

      const report = page.getByRole('region', { name: '白底主图检查' });
      await expect(report.locator('header')).toContainText(/全部符合|符合要求/, { timeout: 120_000 });
      const productOnly = report.getByRole('listitem').filter({ hasText: '只有商品' });
      await expect(productOnly).toHaveAttribute('data-pass', 'true');
      // The badge and the small bottle: both apart from the largest part.
      await expect(productOnly).toContainText('已去掉与商品分开的 2 处');
      await expect(report.getByRole('listitem').filter({ hasText: '没有附加的文字' })).toHaveAttribute(
        'data-pass',
        'true',
      );
      // Nothing failed, so nothing is outlined on the image.
      await expect(page.getByRole('img', { name: /：第 \d+ 处$/ })).toHaveCount(0);

      const main = page.getByRole('img', { name: '白底主图', exact: true });
      await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2000);
      const file = await page.request.get((await main.getAttribute('src')) as string);
      expect(file.headers()['content-type']).toBe('image/jpeg');
      expect(await redPixels(await file.body())).toBeLessThan(50);
      await expect(page.getByText('今日剩余 9/10 张')).toBeVisible();

      if (device.name === 'phone') return;
      // The small bottle belongs to the set: the seller says so and the main image keeps every part.
      await productOnly.getByRole('button', { name: '这些都是商品' }).click();
      await expect(productOnly).toContainText('卖家确认都是商品', { timeout: 60_000 });
      await expect(productOnly).toContainText('已按「这些都是商品」保留全部部分');
      await expect(productOnly.getByRole('button', { name: '这些都是商品' })).toHaveCount(0);
      await expect(page.getByText('今日剩余 8/10 张')).toBeVisible();
    });
  });
}
