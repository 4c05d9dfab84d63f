import { readFileSync } from 'node:fs';
import { register } from '../support/account.ts';
import { chooseOption } from '../support/select.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Picks 平台 or 站点 in the listing form (support/select.ts). */
const choose = (page: Page, label: string, option: string) =>
  chooseOption(
    page,
    page.getByLabel(label),
    page.locator(`.ant-select-item-option[title="${option}"]`),
    page.locator('.listing-target').first().locator(`.ant-select-content[title="${option}"]`),
  );

test('write an Amazon US listing, see the too-long title flagged with its count, fix it in one click, export the CSV', async ({
  page,
}) => {
  await register(page, '13912341101');
  await page.goto('/#/listing');
  await page.getByLabel('商品名称').fill('[long-title] 304 不锈钢保温水杯');
  await page.getByLabel('品牌').fill('AquaPeak');
  await page.getByLabel('卖点').fill('24 小时保冷\n防漏杯盖');
  await page.getByRole('button', { name: '开始撰写' }).click();
  await expect(page.getByRole('status')).toContainText('亚马逊 · 美国站：正在撰写');

  const editor = page.getByRole('article', { name: '亚马逊 · 美国站' });
  await expect(editor.getByText(/^必须标题 2\d\d 个字符，上限 200$/)).toBeVisible();
  await expect(editor.locator('.listing-counter--over')).toHaveText(/^2\d\d \/ 200 字符$/);
  await expect(editor.getByText('2 项必须修改，1 项建议')).toBeVisible();
  await expect(editor.getByLabel('第 5 条五点描述')).toHaveValue(/What You Get/);
  await editor.getByText('中文回译').first().click();
  await expect(editor.getByText('保温不锈钢水瓶 750 毫升，防漏盖')).toBeVisible();

  // The checks follow the seller's typing before anything is saved.
  const title = editor.getByRole('textbox', { name: '标题', exact: true });
  await title.fill('Insulated Water Bottle!');
  await expect(editor.getByText('必须标题含不允许的字符 !')).toBeVisible();
  await expect(editor.getByText('23 / 200 字符')).toBeVisible();
  await title.fill('Insulated Water Bottle, '.repeat(10));

  await editor.getByRole('button', { name: '一键修正' }).click();
  await expect(editor.getByText('符合全部规则')).toBeVisible();
  await expect(title).toHaveValue('Insulated Stainless Steel Water Bottle 750 ml, Leak-Proof Lid');
  await expect(editor.locator('.listing-counter--over')).toHaveCount(0);

  const history = page.getByRole('region', { name: '我的 listing' });
  const row = history.getByRole('row', { name: /亚马逊 · 美国站/ });
  await expect(row).toContainText('通过');
  await row.getByRole('checkbox').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('button', { name: /导出 CSV（1 条）/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^listings-\d{8}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
  // Every cell quoted, so no locale's separator (, ; tab |) splits one.
  expect(header).toBe(
    '"商品名称","平台","站点","语言","标题","五点描述 1","五点描述 2","五点描述 3","五点描述 4","五点描述 5","商品描述","搜索关键词","规则检查","写于","更新时间"',
  );
  expect(line).toMatch(
    /^"\[long-title\] 304 不锈钢保温水杯","亚马逊","美国站","英语","Insulated Stainless Steel Water Bottle 750 ml, Leak-Proof Lid","Keeps Drinks Cold/,
  );
  expect(line).toContain(',"通过",');
});

test('a marketplace without bullets shows only its own fields', async ({ page }) => {
  await register(page, '13912341102');
  await page.goto('/#/listing');
  await page.getByLabel('商品名称').fill('保温水杯');
  await choose(page, '平台', 'eBay');
  await choose(page, '站点', '德国站');
  // The site's language comes with it.
  await expect(page.locator('.listing-target').getByText('德语', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '开始撰写' }).click();
  const editor = page.getByRole('article', { name: 'eBay · 德国站' });
  await expect(editor.getByText('符合全部规则')).toBeVisible();
  await expect(editor.getByText('五点描述')).toHaveCount(0);
  await expect(editor.getByText('搜索关键词')).toHaveCount(0);
  await expect(editor.getByText(/\/ 80 字符/)).toBeVisible();
});

test('a listing from a provider that sends its whole answer in one read reaches the seller', async ({
  page,
}) => {
  await register(page, '13912341103');
  await page.goto('/#/listing');
  // `[burst]`: the fake provider writes the whole event stream at once, as a buffering relay does.
  await page.getByLabel('商品名称').fill('[burst] 304 不锈钢保温水杯');
  await page.getByRole('button', { name: '开始撰写' }).click();
  const editor = page.getByRole('article', { name: '亚马逊 · 美国站' });
  await expect(editor.getByText('符合全部规则')).toBeVisible();
  await expect(page.getByText(/连接中断/)).toHaveCount(0);
});

test('a listing opened from 我的 listing refills the form with its product and site', async ({ page }) => {
  await register(page, '13912347750');
  await page.goto('/#/listing');
  await page.getByLabel('商品名称').fill('折叠硅胶水杯');
  await page.getByLabel('品牌').fill('FoldCup');
  await page.getByLabel('材质').fill('食品级硅胶');
  await page.getByLabel('尺寸规格').fill('350 ml');
  await page.getByLabel('卖点').fill('可折叠\n耐高温');
  await page.getByLabel('关键词').fill('collapsible cup');
  await page.getByLabel('包装清单').fill('水杯 1 个');
  await choose(page, '平台', 'eBay');
  await choose(page, '站点', '英国站');
  await page.getByRole('button', { name: '开始撰写' }).click();
  await expect(page.getByRole('article', { name: 'eBay · 英国站' }).getByText('符合全部规则')).toBeVisible();

  // Another day: the page starts empty, and the seller picks the listing from the history.
  await page.reload();
  await expect(page.getByLabel('商品名称')).toHaveValue('');
  const history = page.getByRole('region', { name: '我的 listing' });
  const row = history.getByRole('row', { name: /折叠硅胶水杯 · FoldCup.*eBay · 英国站 · 英语/ });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await row.getByRole('button', { name: /打开/ }).click();

  const form = page.getByRole('region', { name: '商品信息' });
  await expect(form.getByLabel('商品名称')).toHaveValue('折叠硅胶水杯');
  await expect(form.getByLabel('品牌')).toHaveValue('FoldCup');
  await expect(form.getByLabel('材质')).toHaveValue('食品级硅胶');
  await expect(form.getByLabel('尺寸规格')).toHaveValue('350 ml');
  await expect(form.getByLabel('卖点')).toHaveValue('可折叠\n耐高温');
  await expect(form.getByLabel('关键词')).toHaveValue('collapsible cup');
  await expect(form.getByLabel('包装清单')).toHaveValue('水杯 1 个');
  const target = page.locator('.listing-target');
  await expect(target.locator('.ant-select-content[title="eBay"]')).toBeVisible();
  await expect(target.locator('.ant-select-content[title="英国站"]')).toBeVisible();
  await expect(target.getByText('英语', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'eBay · 英国站' })).toBeVisible();
  await expect(form.getByLabel('商品名称')).toBeInViewport();
});

test('on a phone 我的 listing fits the screen: the product, the time and 打开 without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, '13912355020');
  await page.goto('/#/listing');
  await page
    .getByRole('region', { name: '商品信息' })
    .getByLabel('商品名称')
    .fill('折叠硅胶水杯 大容量 便携 户外旅行款');
  await page.getByRole('button', { name: '开始撰写' }).click();
  const history = page.getByRole('region', { name: '我的 listing' });
  const row = history.getByRole('row', { name: /折叠硅胶水杯/ });
  await expect(row).toContainText(/亚马逊 · 美国站.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText(/^折叠硅胶水杯/)).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: /打开/ })).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: /删\s*除/ })).toBeInViewport({ ratio: 1 });
  const overflow = await history.evaluate((section) =>
    [section, ...section.querySelectorAll('*')]
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== 'visible' &&
          getComputedStyle(el).overflowX !== 'hidden',
      )
      .map((el) => el.className),
  );
  expect(overflow).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // 打开 after a reload takes the seller to the listing itself, not to the form's top above it.
  await page.reload();
  const again = page.getByRole('region', { name: '我的 listing' }).getByRole('row', { name: /折叠硅胶水杯/ });
  await again.getByRole('button', { name: /打开/ }).click();
  // Where the page comes to rest (a smooth scroll passes the editor on its way to the form).
  const restingTop = () =>
    page.evaluate(async () => {
      const top = () => document.querySelector('article.listing-editor')?.getBoundingClientRect().top ?? -1;
      const first = top();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return first === top() ? Math.round(first) : null;
    });
  await expect.poll(restingTop).toBeGreaterThanOrEqual(0);
  expect(await restingTop()).toBeLessThan(200);
});
