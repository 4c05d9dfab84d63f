import { register } from '../support/account.ts';
import { expect, test } from '../support/test.ts';

test('draw with the fake provider: example prompt, portrait size, result, gallery, reuse, download, delete', async ({
  page,
}) => {
  await register(page, '13912346601');
  await page.goto('/#/draw');
  await expect(page.getByText('今日剩余 2/2 张')).toBeVisible();
  await page.getByRole('button', { name: /护肤精华/ }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue(/护肤精华放在白色大理石台面上/);
  await page.getByText('竖图 9:16').click();
  await page.getByRole('button', { name: '生成图片' }).click();

  const latest = page.locator('.draw-latest img');
  await expect(latest).toBeVisible();
  // The picture really loads from the signed file link: a portrait, as asked.
  await expect
    .poll(() => latest.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth))
    .toBe(true);
  await expect(page.getByText('今日剩余 1/2 张')).toBeVisible();

  const card = page.getByRole('region', { name: '我的作品' }).getByRole('figure').first();
  await expect(card).toContainText('护肤精华');
  const download = card.getByRole('link', { name: '下载原图' });
  expect(await download.getAttribute('href')).toMatch(
    /^\/files\/u\/\d+\/draw\/.+\.png\?exp=\d+&sig=.+&download=1$/,
  );
  const response = await page.request.get((await download.getAttribute('href')) as string);
  expect(response.headers()['content-disposition']).toMatch(/^attachment/);

  await page.getByLabel('画面描述').fill('');
  await card.getByRole('button', { name: '复用描述' }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue(/护肤精华/);

  await card.getByRole('button', { name: '删除作品' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('还没有作品')).toBeVisible();
});
