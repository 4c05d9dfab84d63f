import { register } from '../support/account.ts';
import { settled } from '../support/motion.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 换背景 with the real matting model: the chosen photo shows as a thumbnail, the preview follows the
 * sliders in the browser (no request, nothing charged), 生成 lands the product where the preview
 * put it, the next try starts from the kept cut-out, and a result opens in 修补.
 */
test.describe.configure({ timeout: 240_000 });

/** Where the product is in a delivered image on a plain colour: everything far from that colour. */
function productBoxOn(page: Page, url: string, colour: [number, number, number]) {
  return page.evaluate(
    async ({ url, colour }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      let [left, right, top, bottom] = [width, -1, height, -1];
      for (let y = 0; y < height; y += 2)
        for (let x = 0; x < width; x += 2) {
          const i = (y * width + x) * 4;
          const distance =
            Math.abs((data[i] as number) - colour[0]) +
            Math.abs((data[i + 1] as number) - colour[1]) +
            Math.abs((data[i + 2] as number) - colour[2]);
          if (distance < 60) continue;
          [left, right, top, bottom] = [
            Math.min(left, x),
            Math.max(right, x),
            Math.min(top, y),
            Math.max(bottom, y),
          ];
        }
      return [left, top, right - left + 1, bottom - top + 1];
    },
    { url, colour },
  );
}

const shots = '/tmp/shots-bg';

for (const device of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: '13912347861' },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: '13912347862' },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.name === 'phone' });

    test('the preview follows the sliders for free, and 生成 puts the product where it showed', async ({
      page,
    }) => {
      await register(page, device.phone);
      await page.goto('/#/background');
      await expect(page.getByText('今日剩余 5/5 张')).toBeVisible();
      await page
        .getByLabel('选择图片')
        .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await mugPhoto() });
      await expect(page.getByRole('img', { name: 'mug.jpg 缩略图' })).toBeVisible();
      const layer = page.getByTestId('preview-product');
      await expect(layer).toBeVisible();
      await expect(page.getByText(/还没有抠图：预览按照片颜色估计商品轮廓/)).toBeVisible();
      // The preview is where the result will show, with the sliders beside it (under it on a phone).
      const frame = page.locator('.bg-preview__frame');
      const sizeSlider = page.getByRole('slider', { name: '商品大小' });
      if (device.name === 'desktop') {
        // In view at 1440×900 as the photo is chosen, without scrolling; so are the sliders and 生成.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await expect(frame).toBeInViewport({ ratio: 1 });
        await expect(sizeSlider).toBeInViewport();
        await expect(page.getByRole('button', { name: '生成 1 张' })).toBeInViewport();
        // In the wide panel, right of the settings, and large.
        const box = (await frame.boundingBox()) as { x: number; width: number };
        const panel = (await page.getByRole('region', { name: '上传与设置' }).boundingBox()) as {
          x: number;
          width: number;
        };
        expect(box.x).toBeGreaterThan(panel.x + panel.width);
        expect(box.width).toBeGreaterThan(400);
      } else {
        // On a phone the sliders sit right under the preview: both in view together.
        await frame.scrollIntoViewIfNeeded();
        const frameBox = (await frame.boundingBox()) as { y: number; height: number };
        const sliderBox = (await sizeSlider.boundingBox()) as { y: number };
        expect(sliderBox.y - (frameBox.y + frameBox.height)).toBeLessThan(160);
        expect(frameBox.height).toBeGreaterThan(300);
      }

      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const before = await layer.getAttribute('style');
      const foot = page.getByRole('slider', { name: '落脚高度' });
      await foot.focus();
      for (let i = 0; i < 3; i += 1) await foot.press('ArrowLeft');
      const size = page.getByRole('slider', { name: '商品大小' });
      await size.focus();
      await size.press('ArrowLeft');
      const across = page.getByRole('slider', { name: '左右位置' });
      await across.focus();
      await across.press('ArrowLeft');
      await expect.poll(() => layer.getAttribute('style')).not.toBe(before);
      expect(requests, 'moving the sliders asks the server nothing').toEqual([]);
      await expect(page.getByText('今日剩余 5/5 张')).toBeVisible();
      await page.screenshot({ path: `${shots}/${device.name}-library-light.png` });

      // A plain colour, so the delivered product can be found and measured.
      await page.getByRole('radiogroup', { name: '背景来源' }).getByText('纯色').click();
      await page.getByRole('button', { name: '颜色 #DCEBFA' }).click();
      await page.getByRole('switch', { name: '接触阴影' }).click();
      await page.getByRole('button', { name: '生成 1 张' }).click();
      const result = page.getByRole('img', { name: 'mug.jpg 换背景结果' });
      await expect(result).toBeVisible({ timeout: 180_000 });
      await expect(page.getByText('今日剩余 4/5 张')).toBeVisible();
      // It downloads under the photo's name and what was done to it.
      const [saved] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('figure')
          .filter({ has: result })
          .getByRole('link', { name: /下\s*载/ })
          .click(),
      ]);
      expect(saved.suggestedFilename()).toMatch(/^mug-换背景\.(png|jpg)$/);
      // The cut-out 生成 made is the preview's now: what it shows is what was delivered.
      await expect(page.getByText(/和生成的结果一致/)).toBeVisible();
      await expect(page.getByText('用已有抠图')).toBeVisible();
      const shown = ((await frame.getAttribute('data-product-box')) ?? '').split(',').map(Number);
      const delivered = await productBoxOn(
        page,
        (await result.getAttribute('src')) as string,
        [0xdc, 0xeb, 0xfa],
      );
      for (const [i, side] of ['left', 'top', 'width', 'height'].entries())
        expect(
          Math.abs((delivered[i] as number) - (shown[i] as number)),
          `${side}: delivered ${delivered} vs preview ${shown}`,
        ).toBeLessThanOrEqual(24);
      await page.screenshot({ path: `${shots}/${device.name}-result-light.png`, fullPage: true });

      // The next try starts from the kept cut-out: no photo is uploaded again.
      const sent = page.waitForRequest((r) => r.url().includes('/api/mokker/replace'));
      await page.getByRole('switch', { name: '接触阴影' }).click();
      await page.getByRole('button', { name: '生成 1 张' }).click();
      const body = (await sent).postData() ?? '';
      expect(body).toContain('name="cutoutIds"');
      expect(body).not.toContain('name="upload[]"');
      await expect(page.getByText('今日剩余 3/5 张')).toBeVisible({ timeout: 60_000 });

      // Its result opens in 修补.
      await page.getByRole('button', { name: /修补/ }).first().click();
      await expect(page.getByLabel('修补画布：在要擦除或恢复的地方涂抹')).toHaveAttribute(
        'data-ready',
        'true',
      );
      // Clicked once it has stopped zooming in: a click during the animation can miss 取消.
      const touchUp = await settled(page.getByRole('dialog', { name: '修补抠图' }));
      await touchUp.getByRole('button', { name: /取\s*消/ }).click();
      await expect(touchUp).toBeHidden();

      await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
      const toggle = page.getByRole('button', { name: '切换到深色主题' });
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(page.locator('body')).toHaveClass(/__theme_dark/);
        await page.screenshot({ path: `${shots}/${device.name}-result-dark.png`, fullPage: true });
      }
    });
  });
}
