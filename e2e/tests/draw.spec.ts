import { register } from '../support/account.ts';
import { settled } from '../support/motion.ts';
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
    /^\/files\/u\/\d+\/draw\/.+\.png\?exp=\d+&sig=.+&download=.+$/,
  );
  const response = await page.request.get((await download.getAttribute('href')) as string);
  expect(response.headers()['content-disposition']).toMatch(/^attachment/);
  // Saved under what was drawn, not the stored file's hash.
  expect(decodeURIComponent(response.headers()['content-disposition'] ?? '')).toMatch(
    /UTF-8''AI绘画-一瓶护肤精华放在白色大理石台面上，柔和的自然光\.png$/,
  );

  await page.getByLabel('画面描述').fill('');
  await card.getByRole('button', { name: '复用描述' }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue(/护肤精华/);

  await card.getByRole('button', { name: '删除作品' }).click();
  await (await settled(page.getByRole('tooltip').getByRole('button', { name: /删\s*除/ }))).click();
  await expect(page.getByText('还没有作品')).toBeVisible();
});

test('draw 2 variants of the example description with its style: one group, two uses, both kept', async ({
  page,
}) => {
  await register(page, '13912346610');
  await page.goto('/#/draw');
  await expect(page.getByText('今日剩余 2/2 张')).toBeVisible();

  // Before anything is drawn: the example, whose button fills the description and picks its style.
  const example = page.getByRole('region', { name: 'AI 绘画示例' });
  await expect(example.getByRole('img', { name: /示例效果/ })).toBeVisible();
  await example.getByRole('button', { name: '用示例描述试试' }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue(/琥珀色玻璃精华液/);
  await expect(page.getByRole('button', { name: '极简高级', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Another style instead: the phrase it adds is shown, and goes with the description.
  await page.getByRole('button', { name: '白底棚拍', exact: true }).click();
  await expect(page.getByRole('button', { name: '极简高级', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('note', { name: '已添加的风格描述' })).toContainText('pure white seamless');

  await page.getByRole('radiogroup', { name: '生成数量' }).getByText('2 张').click();
  await expect(page.getByText('今日剩余 2/2 张 · 本次用 2 张')).toBeVisible();
  await page.getByRole('button', { name: '生成 2 张图片' }).click();

  const group = page.getByRole('region', { name: '本次生成' });
  await expect(group).toContainText('本次生成 2/2 张');
  const pictures = group.getByRole('img', { name: /^第 [12] 张：.*琥珀色玻璃精华液.*pure white seamless/ });
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all())
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('今日剩余 0/2 张')).toBeVisible();
  await expect(page.getByRole('region', { name: 'AI 绘画示例' })).toHaveCount(0);

  // Both are kept; reusing one brings back the description and its style, not one long text.
  const gallery = page.getByRole('region', { name: '我的作品' });
  await expect(gallery).toContainText('我的作品（2）');
  await page.getByLabel('画面描述').fill('');
  await page.getByRole('button', { name: '移除风格「白底棚拍」' }).click();
  await gallery.getByRole('figure').first().getByRole('button', { name: '复用描述' }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue(/^一瓶琥珀色玻璃精华液.*产品摄影$/);
  await expect(page.getByRole('button', { name: '白底棚拍', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
