import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import { csvAsRead } from '../../apps/server/test/csv-helpers.ts';
import { phoneForRepeat, register } from '../support/account.ts';
import { mugPhoto } from '../support/product-photo.ts';
import { supplierImage } from '../support/supplier-image.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 一键出海 to the sites Chinese sellers sell in (issue 55): a catalogue of two products to Shopee
 * 台湾站 (Traditional Chinese) and Lazada 泰国站 (Thai), on a desktop and on a phone. The fake chat
 * provider writes each listing and translates the detail picture in the site's language; the report
 * and the ZIP are read as a seller would.
 */

const SITES = ['Shopee 台湾站', 'Lazada 泰国站'];

/** Reads a catalogue of two products: SKU-A with a detail picture of Chinese selling points, SKU-B without. */
async function readCatalogue(page: Page, file: (name: string) => string) {
  await page.goto('/#/localise');
  await page.getByText('商品目录', { exact: true }).click();
  const sheet = file('products.csv');
  writeFileSync(
    sheet,
    ['商品编码,商品名称,材质,尺寸', 'SKU-A,出海牌保温杯,304 不锈钢,750 ml', 'SKU-B,不锈钢运动水壶,,1 L'].join(
      '\n',
    ),
  );
  const mug = new Uint8Array(await mugPhoto());
  const photos = file('photos.zip');
  writeFileSync(
    photos,
    zipSync({ 'SKU-A.jpg': mug, 'SKU-A-1.png': new Uint8Array(await supplierImage()), 'SKU-B.jpg': mug }),
  );
  await page.getByLabel('选择商品表格').setInputFiles(sheet);
  await page.getByLabel('选择照片 ZIP').setInputFiles(photos);
  await page.getByRole('button', { name: '上传并读取目录' }).click();
  await expect(page.getByRole('region', { name: '读取结果' })).toContainText('可以处理 2 个商品');
}

/** Only Shopee 台湾站 and Lazada 泰国站, then start; answers the finished job's region. */
async function startToLocalSites(page: Page) {
  await page.getByRole('checkbox', { name: '亚马逊 美国站' }).uncheck();
  for (const site of SITES) await page.getByRole('checkbox', { name: site }).check();
  await expect(page.getByRole('region', { name: '用量预估' })).toContainText('2 个商品 × 2 个站点');
  await page.getByRole('button', { name: '开始出海' }).click();
  await expect(page).toHaveURL(/#\/localise\?job=\d+$/);
  const job = page.getByRole('region', { name: /出海任务/ });
  await expect(job.getByRole('status')).toContainText('已全部处理完', { timeout: 480_000 });
  return job;
}

async function zipOf(page: Page, job: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    job.getByRole('button', { name: /下载 ZIP/ }).click(),
  ]);
  return unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
}

/** The ZIP has each site's CSV, each product × site's listing and main image, SKU-A's translated picture. */
function expectDelivered(files: Record<string, Uint8Array>) {
  const names = Object.keys(files);
  for (const name of ['report.csv', ...SITES.map((site) => `${site}.csv`)]) expect(names).toContain(name);
  expect(names.filter((n) => n.endsWith('/listing.csv'))).toHaveLength(4);
  expect(names.filter((n) => n.endsWith('/main.jpg'))).toHaveLength(4);
  expect(names.filter((n) => /\/pictures\//.test(n))).toHaveLength(2);
  const text = (name: string) => new TextDecoder().decode(files[name]);
  const listing = (site: string) => {
    const name = names.find((n) => n.endsWith(`${site}/listing.csv`) && /SKU-A|出海牌保温杯/.test(n));
    expect(name, `SKU-A's listing for ${site} in ${names.join(', ')}`).toBeTruthy();
    return text(name as string);
  };
  // Each site's listing in its buyers' language: Traditional characters for Taiwan, Thai for Thailand.
  expect(listing('Shopee 台湾站')).toContain('保溫不鏽鋼水瓶');
  expect(listing('Lazada 泰国站')).toContain('กระบอกน้ำสแตนเลส');
  // report.csv: every product × site can be listed; the listing and the picture are in the site's
  // language by the checks' own verdicts (one line per rule).
  const report = csvAsRead(text('report.csv'));
  const line = (product: string, site: string, rule: string) =>
    report.split('\n').find((l) => l.startsWith(`${product},${site},`) && l.includes(`,${rule},`)) ?? '';
  for (const product of ['SKU-A 出海牌保温杯', 'SKU-B 不锈钢运动水壶'])
    for (const [site, language] of [
      ['Shopee · 台湾站', '繁体中文'],
      ['Lazada · 泰国站', '泰语'],
    ] as const) {
      expect(line(product, site, 'listing.language')).toContain(
        `,可以上架,全文,listing.language,必须,通过,用${language}撰写`,
      );
      if (product.startsWith('SKU-A')) {
        expect(line(product, site, 'picture.language')).toContain(`通过,图上译文是${language}`);
        expect(line(product, site, 'picture.residual')).toContain('通过,没有残留中文');
      }
    }
}

test('a catalogue to Shopee 台湾站 and Lazada 泰国站 at 1440: each in its language, the report, the ZIP', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, phoneForRepeat('13912355501', testInfo));
  await readCatalogue(page, (name) => testInfo.outputPath(name));
  const job = await startToLocalSites(page);
  const report = job.getByRole('table', { name: '出海报告' });
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the table's cells apart
  const table = await report.innerText();
  await expect(job.getByRole('status'), `出海报告：\n${table}`).toContainText('完成 4（可以上架 4）');
  for (const code of ['SKU-A', 'SKU-B'])
    for (const site of ['Shopee · 台湾站 · 繁体中文', 'Lazada · 泰国站 · 泰语'])
      await expect(report.getByRole('row').filter({ hasText: code }).filter({ hasText: site })).toContainText(
        '可以上架',
      );
  await page.screenshot({ path: testInfo.outputPath('local-sites-1440.png'), fullPage: true });
  expectDelivered(await zipOf(page, job));
});

test('the same catalogue on a phone (390): the report as cards, nothing wider than the screen, the ZIP', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, phoneForRepeat('13912355502', testInfo));
  await readCatalogue(page, (name) => testInfo.outputPath(name));
  const job = await startToLocalSites(page);
  const cards = job.getByRole('list', { name: '出海报告' });
  await expect(cards.getByRole('listitem')).toHaveCount(4);
  await expect(cards.getByRole('listitem', { name: /出海牌保温杯 · Lazada · 泰国站/ })).toBeVisible();
  await expect(cards.getByRole('listitem', { name: /不锈钢运动水壶 · Shopee · 台湾站/ })).toBeVisible();
  await expect(job.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('local-sites-390.png'), fullPage: true });
  expectDelivered(await zipOf(page, job));
});
