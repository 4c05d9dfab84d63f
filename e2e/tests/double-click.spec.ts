import { readFileSync } from 'node:fs';
import { phoneForRepeat, register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { browserDateIn } from '../support/dates.ts';
import { settled } from '../support/motion.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { clientAddress, expect, type Page, type Request, test } from '../support/test.ts';

/** In playwright.config.ts's ADMIN_PHONES: makes the 兑换码 the seller double-clicks. */
const OPERATOR = '13912354003';

/** Every POST to `path` the page sends from now on. */
function postsTo(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) sent.push(request);
  });
  return sent;
}

test('a double click on 确认下单 makes one order; the same request sent again answers that order', async ({
  page,
}, testInfo) => {
  await register(page, phoneForRepeat('13912354010', testInfo));
  const sent = postsTo(page, '/api/v1/pay/');
  await page.goto('/#/pay?productId=vip-month');
  await expect(page.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
  await page.getByRole('button', { name: /确认下单/ }).dblclick();
  await expect(page.getByText(/剩余支付时间/)).toBeVisible();
  const orderNo = (await page.getByText(/订单号 CH\d+/).textContent())?.match(/CH\d+/)?.[0];
  expect(sent).toHaveLength(1);

  // The answer lost on the way (the browser sends the very same request again): the same order.
  const [first] = sent as [Request];
  const again = await page.request.post(first.url(), {
    headers: await first.allHeaders(),
    data: first.postData() ?? '',
  });
  const repeat = await again.json();
  expect(repeat.code).toBe(200);
  expect(repeat.data.order.orderNo).toBe(orderNo);

  await page.goto('/#/profile');
  const orders = page.locator('.profile-orders');
  await expect(orders.getByRole('row', { name: /月度 VIP.*¥29\.90.*待支付/ })).toHaveCount(1);
});

test('a double click on 开始处理 starts one 批量处理 job', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await register(page, phoneForRepeat('13912354020', testInfo));
  const sent = postsTo(page, '/api/v1/batch/jobs');
  await page.goto('/#/batch');
  await page
    .getByLabel('选择图片或 ZIP')
    .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await mugPhoto() });
  await page.getByRole('checkbox', { name: /亚马逊 Amazon/ }).uncheck();
  await page.getByRole('button', { name: /开始处理 1 个文件/ }).dblclick();
  const job = page.getByRole('region', { name: /批量任务/ });
  await expect(job.getByRole('status')).toContainText('共 1 张');
  const jobs = page.getByRole('region', { name: '最近 7 天的任务' });
  await expect(jobs.getByRole('button', { name: /任务 #\d+ · 1 张/ })).toHaveCount(1);
  expect(sent).toHaveLength(1);
  expect(new URL((sent[0] as Request).url()).searchParams.get('startKey')).toMatch(/^[0-9a-f]{32}$/);
  // Only the one image is charged: one cut-out.
  await expect(job.getByRole('status')).toContainText('已全部完成', { timeout: 90_000 });
  await page.goto('/#/profile');
  await expect(page.getByText('已用 1 / 10 次，剩余 9 次')).toBeVisible();
});

/** A new seller double-clicks 兑换 with `code`: the VIP days come once, and stay after a reload. */
async function redeemByDoubleClick(page: Page, phone: string, code: string) {
  await register(page, phone);
  await page.goto('/#/price');
  const sent = postsTo(page, '/api/v1/redeem');
  await page.getByLabel('兑换码').fill(code);
  await page.getByRole('button', { name: /兑\s*换/ }).dblclick();
  await expect(page.getByText(/兑换成功：获得 7 天 VIP/)).toBeVisible();
  await expect(
    page.getByText(`你的 VIP 于 ${browserDateIn(7)} 到期，续费会从到期日往后顺延。`),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByText(`你的 VIP 于 ${browserDateIn(7)} 到期，续费会从到期日往后顺延。`),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
}

test('a double click on 兑换 gives the code’s VIP days once, at 1440 and on a phone (390)', async ({
  page,
  browser,
}, testInfo) => {
  // One two-factor action: it may wait up to 30 s for the authenticator's next code.
  test.setTimeout(150_000);
  const admin = await (await browser.newContext()).newPage();
  await register(admin, OPERATOR);
  const totp = await bindTotp(admin);
  await admin.goto('/#/admin/redeem');
  await admin.getByRole('button', { name: '生成兑换码' }).click();
  const modal = await settled(admin.getByRole('dialog', { name: '生成兑换码' }));
  await modal.getByLabel('批次名称').fill('双击兑换');
  await modal.getByLabel('有效期至').fill(browserDateIn(30));
  await modal.getByLabel('有效期至').press('Enter');
  await modal.getByLabel('两步验证码').fill(await totp.nextCode());
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    modal.getByRole('button', { name: /生成并下载/ }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  // The batch's first two codes: one for each width's seller.
  const [desktopCode, phoneCode] = csv
    .split('\r\n')
    .slice(1, 3)
    .map((line) => line.split(',')[0]?.slice(1, -1) as string) as [string, string];

  await page.setViewportSize({ width: 1440, height: 900 });
  await redeemByDoubleClick(page, phoneForRepeat('13912354030', testInfo), desktopCode);

  // On a phone the button is a thumb's double tap away; a seller of their own, from an address of their own.
  const phone = await (
    await browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'X-Forwarded-For': clientAddress(`${testInfo.titlePath.join(' › ')} 390`) },
    })
  ).newPage();
  await redeemByDoubleClick(phone, phoneForRepeat('13912354040', testInfo), phoneCode);

  await admin.reload();
  await expect(admin.getByRole('row', { name: /双击兑换.*7 天.*2 \/ 10/ })).toBeVisible();
});
