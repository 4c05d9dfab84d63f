import { register } from '../support/account.ts';
import { settled } from '../support/motion.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { expect, type Page, test } from '../support/test.ts';
import { onPhoto, settledTouchUpCanvas } from '../support/touch-up.ts';

/**
 * 继续编辑 for 抠图 and 换背景 with the real matting model: a cut-out is brushed in 修补 (the mug's
 * handle is erased), a reload keeps it on screen, and 最近作品 opens it again later, brushed;
 * the same for a 换背景 result with its background, size and shadow. Opening costs nothing.
 */
test.describe.configure({ timeout: 300_000 });

/** Screenshots for a person to look at, when E2E_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** The page as it is, then in the dark theme (a reload: the address keeps the work on screen). */
async function inBothThemes(page: Page, ready: () => Promise<void>, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-light`);
  await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
  await page.reload();
  await ready();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-dark`);
  await page.evaluate(() => localStorage.setItem('themeName', 'default'));
  await page.reload();
  await ready();
}

/** The alpha of a picture at a point of its 1600×1200 frame: 0 where the brush erased. */
function alphaAt(page: Page, url: string, x: number, y: number) {
  return page.evaluate(
    async ({ url, x, y }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return context.getImageData(x, y, 1, 1).data[3];
    },
    { url, x, y },
  );
}

/**
 * 修补: erases the outer arc of the mug's handle (right of x 1075; the handle reaches x 1137 at y 640
 * of the 1600×1200 photo). The red box the model kept beside the mug is not in the cut-out at all
 * (抠图 keeps the product alone), so the handle is what there is to brush.
 */
async function eraseTheHandle(page: Page) {
  const { box } = await settledTouchUpCanvas(page);
  const at = (x: number, y: number) => onPhoto(box, x, y);
  // A brush about 60 photo pixels wide (its size is in screen pixels): wide enough to clear the arc
  // in a few strokes, narrow enough to leave the mug's body (up to x 1040) alone.
  const brush = page.getByRole('slider', { name: '画笔大小' });
  await brush.press('Home');
  const wanted = Math.max(4, Math.round((60 * box.width) / 1600));
  for (let size = 4; size < wanted; size += 1) await brush.press('ArrowRight');
  for (let y = 560; y <= 720; y += 16) {
    const start = at(1108, y);
    const end = at(1180, y);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps: 10 });
    await page.mouse.up();
  }
  const saved = page.waitForResponse('**/api/v1/remove/mask');
  await page.getByRole('button', { name: '保存修补' }).click();
  const answer = await (await saved).json();
  expect(answer.code, answer.msg).toBe(200);
  await expect(page.getByRole('dialog', { name: '修补抠图' })).toBeHidden({ timeout: 60_000 });
  return answer.data.cutout as { id: number; url: string };
}

const pathOf = (url: string) => url.split('?', 1)[0] as string;

async function cutOutBrushReloadReopen(page: Page, phone: string, width: string) {
  await register(page, phone);
  await page.goto('/#/image');
  await page
    .getByLabel('选择图片')
    .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await mugPhoto({ leftover: true }) });
  const checked = page.getByRole('region', { name: '白底主图检查' });
  await expect(checked).toContainText(/全部符合|符合要求/, { timeout: 120_000 });
  await expect(page).toHaveURL(/#\/image\?work=\d+$/);
  const address = page.url();
  const cutout = page.getByRole('img', { name: '抠图结果' });
  // The cut-out is the mug alone: the red box the model kept, a part of its own, is left out.
  const first = (await cutout.getAttribute('src')) as string;
  expect(await alphaAt(page, first, 1340, 765)).toBe(0);
  expect(await alphaAt(page, first, 1115, 640), 'the handle').toBeGreaterThan(200);

  await page.getByRole('button', { name: '修补' }).click();
  const brushed = await eraseTheHandle(page);
  await expect(checked.getByRole('listitem').filter({ hasText: '只有商品' })).toContainText('只有一件商品', {
    timeout: 30_000,
  });

  // A reload keeps the brushed cut-out on screen, with its photo and main image.
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(cutout).toHaveAttribute('src', new RegExp(`^${pathOf(brushed.url)}\\?`), { timeout: 30_000 });
  const reloaded = (await cutout.getAttribute('src')) as string;
  expect(await alphaAt(page, reloaded, 1115, 640), 'the handle is erased').toBe(0);
  expect(await alphaAt(page, reloaded, 830, 640), 'the mug beside it is kept').toBeGreaterThan(200);
  await expect(page.getByRole('img', { name: '原图' })).toBeVisible();
  await expect(page.getByRole('img', { name: '白底主图', exact: true })).toBeVisible();

  // Another visit: an empty screen; 最近作品 offers the work's latest cut-out and main image.
  await page.goto('/#/image');
  await page.reload();
  const recent = page.getByRole('region', { name: '最近作品' });
  await expect(recent.getByRole('button', { name: /继续编辑/ })).toHaveCount(2);
  await expect(cutout).toHaveCount(0);
  const recentReady = () => expect(recent.getByRole('button', { name: /继续编辑/ })).toHaveCount(2);
  await inBothThemes(page, recentReady, `cutout-recent-${width}`);
  await recent
    .getByRole('button', { name: /继续编辑/ })
    .first()
    .click();
  await expect(page).toHaveURL(address);
  await expect(cutout).toHaveAttribute('src', new RegExp(`^${pathOf(brushed.url)}\\?`), { timeout: 30_000 });
  await expect(checked).toContainText(/全部符合|符合要求/);
  // 修补 opens on it again, and 换背景 starts from it.
  await page.getByRole('button', { name: '修补' }).click();
  await expect(page.getByLabel('修补画布：在要擦除或恢复的地方涂抹')).toHaveAttribute('data-ready', 'true');
  // The dialog has stopped zooming in: on CI (stop 61, 390 wide) a click made during the animation
  // missed 取消 and left the dialog open.
  const touchUp = await settled(page.getByRole('dialog', { name: '修补抠图' }));
  await touchUp.getByRole('button', { name: /取\s*消/ }).click();
  await expect(touchUp).toBeHidden();
  // Opening it again cost nothing: one cut-out was used, for the photo.
  await expect(page.getByText('今日剩余 9/10 张')).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await inBothThemes(page, () => expect(cutout).toBeVisible({ timeout: 30_000 }), `cutout-reopened-${width}`);
}

async function replaceBrushReloadReopen(page: Page, phone: string, width: string) {
  await register(page, phone);
  await page.goto('/#/background');
  await page
    .getByLabel('选择图片')
    .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await mugPhoto({ leftover: true }) });
  await page.getByRole('radiogroup', { name: '背景来源' }).getByText('纯色').click();
  await page.getByRole('button', { name: '颜色 #DCEBFA' }).click();
  const size = page.getByRole('slider', { name: '商品大小' });
  await size.focus();
  await size.press('ArrowLeft');
  const foot = page.getByRole('slider', { name: '落脚高度' });
  await foot.focus();
  await foot.press('ArrowLeft');
  await page.getByRole('switch', { name: '接触阴影' }).click();
  await page.getByRole('button', { name: '生成 1 张' }).click();
  const result = page.getByRole('img', { name: 'mug.jpg 换背景结果' });
  await expect(result).toBeVisible({ timeout: 180_000 });
  await expect(page).toHaveURL(/#\/background\?work=\d+$/);
  const address = page.url();
  const made = await result.getAttribute('src');

  // 修补 on the result: the brushed cut-out is what this work opens with from now on.
  await page.getByRole('button', { name: /修补/ }).first().click();
  await eraseTheHandle(page);
  await expect(page.getByText('用修补后的抠图')).toBeVisible();

  const settingsKept = async () => {
    await expect(result).toHaveAttribute('src', new RegExp(`^${pathOf(made as string)}\\?`), {
      timeout: 30_000,
    });
    await expect(page.getByText('用修补后的抠图')).toBeVisible();
    await expect(page.getByRole('button', { name: '颜色 #DCEBFA' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('大小 65%')).toBeVisible();
    await expect(page.getByRole('slider', { name: '落脚高度' })).toHaveAttribute(
      'aria-valuenow',
      /^0\.(8|79)/,
    );
    await expect(page.getByRole('switch', { name: '接触阴影' })).not.toBeChecked();
    await expect(page.getByText(/和生成的结果一致/)).toBeVisible();
  };
  await page.reload();
  await expect(page).toHaveURL(address);
  await settingsKept();

  await page.goto('/#/background');
  await page.reload();
  const recent = page.getByRole('region', { name: '最近作品' });
  await expect(recent.getByRole('button', { name: /继续编辑/ })).toHaveCount(1);
  await expect(result).toHaveCount(0);
  const recentReady = () => expect(recent.getByRole('button', { name: /继续编辑/ })).toHaveCount(1);
  await inBothThemes(page, recentReady, `background-recent-${width}`);
  await recent.getByRole('button', { name: /继续编辑/ }).click();
  await expect(page).toHaveURL(address);
  await settingsKept();
  // 生成 again from the reopened work sends the brushed cut-out, not the photo (one use, as ever).
  const sent = page.waitForRequest((r) => r.url().includes('/api/mokker/replace'));
  await page.getByRole('button', { name: '生成 1 张' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('name="cutoutIds"');
  expect(body).not.toContain('name="upload[]"');
  await expect(page.getByText('今日剩余 3/5 张')).toBeVisible({ timeout: 60_000 });
  await expect(page).not.toHaveURL(address);
  await expect(page).toHaveURL(/#\/background\?work=\d+$/);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await page.goto(address.replace(/^.*#/, '/#'));
  await settingsKept();
  await inBothThemes(page, settingsKept, `background-reopened-${width}`);
}

for (const device of [
  { width: '1440', viewport: { width: 1440, height: 900 }, phones: ['13912359001', '13912359002'] },
  { width: '390', viewport: { width: 390, height: 844 }, phones: ['13912359003', '13912359004'] },
]) {
  test.describe(`at ${device.width} wide`, () => {
    test.use({ viewport: device.viewport });
    test('a brushed cut-out stays after a reload and opens again from 最近作品 (继续编辑)', async ({
      page,
    }) => {
      await cutOutBrushReloadReopen(page, device.phones[0] as string, device.width);
    });
    test('a 换背景 result opens again with its brushed cut-out, background, size, 落脚高度 and shadow', async ({
      page,
    }) => {
      await replaceBrushReloadReopen(page, device.phones[1] as string, device.width);
    });
  });
}
