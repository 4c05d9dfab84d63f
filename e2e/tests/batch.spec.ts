import { readFileSync, writeFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { csvAsRead } from '../../apps/server/test/csv-helpers.ts';
import { phoneForRepeat, register } from '../support/account.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { chooseOption } from '../support/select.ts';
import { supplierImage } from '../support/supplier-image.ts';
import { expect, test } from '../support/test.ts';

test('upload a ZIP of a catalogue, watch it finish, download the results with a folder per marketplace and report.csv', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const mug = new Uint8Array(await mugPhoto());
  const zipPath = testInfo.outputPath('catalogue.zip');
  writeFileSync(
    zipPath,
    zipSync({ 'cups/blue.jpg': mug, 'cups/blue-2.jpg': mug, 'notes.jpg': strToU8('not a photo') }),
  );

  await register(page, phoneForRepeat('13912355000', testInfo));
  await page.goto('/#/image');
  await page
    .getByRole('navigation', { name: '智能做图工具' })
    .getByRole('link', { name: '批量处理' })
    .click();
  await expect(page.getByRole('heading', { name: '批量处理', level: 1 })).toBeVisible();
  await page.getByLabel('选择图片或 ZIP').setInputFiles(zipPath);
  await expect(page.getByText(/已选 1 个文件/)).toBeVisible();
  await page.getByRole('checkbox', { name: /TikTok Shop/ }).check();
  await page.getByRole('button', { name: /开始处理/ }).click();

  const job = page.getByRole('region', { name: /批量任务/ });
  await expect(job.getByRole('status')).toContainText('共 2 张');
  await expect(job.getByText('1 个文件没有处理（不扣次数）')).toBeVisible();
  await expect(job.getByRole('status')).toContainText('已全部完成', { timeout: 90_000 });
  await expect(
    job.getByRole('row', { name: /cups__blue\.jpg.*完成.*亚马逊 Amazon：不通过 → 通过.*TikTok Shop/ }),
  ).toBeVisible();
  // Each result at a glance: a thumbnail that has loaded.
  const thumbnail = job.getByRole('img', { name: 'cups__blue.jpg 的处理结果' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await job.getByText('1 个文件没有处理（不扣次数）').click();
  await expect(job.getByText(/「notes\.jpg」.*不是图片/)).toBeVisible();
  await expect(page.getByRole('region', { name: '最近 7 天的任务' }).getByText(/2 张/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    job.getByRole('button', { name: /下载结果 ZIP/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^batch-\d+\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
  expect(Object.keys(files).sort()).toEqual([
    'TikTok Shop/cups__blue-2.jpg',
    'TikTok Shop/cups__blue.jpg',
    'report.csv',
    '亚马逊 Amazon/cups__blue-2.jpg',
    '亚马逊 Amazon/cups__blue.jpg',
    '抠图/cups__blue-2.png',
    '抠图/cups__blue.png',
  ]);
  const report = csvAsRead(new TextDecoder().decode(files['report.csv']));
  expect(report).toMatch(
    /cups__blue\.jpg,亚马逊 Amazon,主图,纯白背景（RGB 255）,必须,背景 \d+(\.\d)?% 为纯白,通过,/,
  );
  expect(report).toMatch(/cups__blue\.jpg,TikTok Shop,原图,纯白背景（RGB 255）,建议,.*,不通过,/);

  // A click on a thumbnail shows the full-size main image; Escape closes it.
  await thumbnail.click();
  const preview = page.locator('.ant-image-preview');
  await expect(preview.locator('img')).toHaveAttribute('src', /-amazon\.jpg\?/);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  // Closed while still opening, as on a busy machine whose frames come late: the page's animations
  // are held still (DevTools' animation speed 0) from the click until after Escape. antd's own fade
  // then never ended and its invisible mask stayed over the page (components/ui/preview-motion.ts).
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await thumbnail.click();
  await expect(preview).toHaveClass(/-(appear|enter)-active/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveClass(/-leave-active/);
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect(preview).toBeHidden();

  // Each finished output was one use: 2 images × (cut-out + 2 main images).
  await page.goto('/#/profile');
  await expect(page.getByText('已用 6 / 10 次，剩余 4 次')).toBeVisible();
});

test('an image without a product fails, and the table says why in Chinese', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const blank = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
  await register(page, phoneForRepeat('13912355010', testInfo));
  await page.goto('/#/batch');
  await page
    .getByLabel('选择图片或 ZIP')
    .setInputFiles({ name: 'blank.jpg', mimeType: 'image/jpeg', buffer: blank });
  await page.getByRole('button', { name: /开始处理/ }).click();
  const job = page.getByRole('region', { name: /批量任务/ });
  await expect(job.getByRole('status')).toContainText('失败 1', { timeout: 90_000 });
  const row = job.getByRole('row', { name: /blank\.jpg/ });
  await expect(row.getByRole('img', { name: '处理失败' })).toBeVisible();
  await expect(row).toContainText('没有在图片里找到产品，请换一张产品清晰、主体完整的照片');
});

test('图片翻译 as a step: the product text may be translated too, and the job translates the image', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await register(page, phoneForRepeat('13912355040', testInfo));
  await page.goto('/#/batch');
  await page
    .getByLabel('选择图片或 ZIP')
    .setInputFiles({ name: '1688.png', mimeType: 'image/png', buffer: await supplierImage() });
  await page.getByRole('checkbox', { name: /^抠图/ }).uncheck();
  await page.getByRole('checkbox', { name: /亚马逊 Amazon/ }).uncheck();
  const keep = page.getByRole('checkbox', { name: /保留商品上的文字/ });
  await expect(keep).toHaveCount(0);
  // Picking a language brings the choice to keep the product's text, ticked.
  await chooseOption(
    page,
    page.getByLabel('图片翻译成'),
    page.locator('.ant-select-item-option').filter({ hasText: '英语（English）' }),
    keep,
  );
  await expect(keep).toBeChecked();
  await keep.uncheck();
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/batch/jobs' && r.request().method() === 'POST',
    ),
    page.getByRole('button', { name: /开始处理/ }).click(),
  ]);
  // The job was made with the choice: its steps as the server keeps them.
  expect((await created.json()).data.steps).toMatchObject({ translate: 'en', translateProductText: true });
  const job = page.getByRole('region', { name: /批量任务/ });
  await expect(job.getByRole('status')).toContainText('已全部完成', { timeout: 90_000 });
  await expect(job.getByRole('row', { name: /1688\.png/ })).toContainText('完成');
});
