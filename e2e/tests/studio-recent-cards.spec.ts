import { register } from '../support/account.ts';
import { chooseOption } from '../support/select.ts';
import { supplierImage } from '../support/supplier-image.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 最近作品 cards say what each picture is (the seller's file, the tool, the language, what the
 * checks found) and every one opens again: one picture translated into English and German makes two
 * cards told apart by their words; after 重新生成 the first drawing's card still opens (打开); the
 * tags come from the server, so they are there after a reload.
 */
test.describe.configure({ timeout: 240_000 });

const shots = '/tmp/shots-recent';
const LEGIBILITY = /^(译文清晰|\d+ 块译文不易辨认)$/;

/** The language 翻译成 shows as chosen. */
const chosenLanguage = (page: Page, language: string) =>
  page.getByRole('region', { name: '上传与设置' }).getByTitle(language, { exact: true });

async function translateTo(page: Page, language: string) {
  await chooseOption(
    page,
    page.getByLabel('翻译成'),
    page.locator('.ant-select-item-option').filter({ hasText: language }),
    chosenLanguage(page, language),
  );
  const finished = page.waitForResponse((r) => r.url().includes('/api/v1/translate/image'), {
    timeout: 120_000,
  });
  await page
    .getByLabel('选择图片')
    .setInputFiles({ name: '1688.png', mimeType: 'image/png', buffer: await supplierImage() });
  expect((await finished).status()).toBe(200);
  await expect(
    page.getByRole('region', { name: '翻译结果' }).getByText(/未发现残留中文|残留中文/),
  ).toBeVisible({
    timeout: 60_000,
  });
}

for (const device of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: '13912347871' },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: '13912347872' },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.name === 'phone' });

    test('two translations of one picture are told apart, keep their tags after a reload, and every card opens', async ({
      page,
    }) => {
      await register(page, device.phone);
      await page.goto('/#/translate');
      await expect(page.getByRole('heading', { name: '智能做图 · 图片翻译' })).toBeVisible();
      await translateTo(page, '英语（English）');
      const onScreen = page
        .getByRole('region', { name: '翻译结果' })
        .getByText(/^(译文清晰（|\d+ 块译文不易辨认)/);
      await expect(onScreen).toBeVisible();
      await translateTo(page, '德语（German）');

      // After a reload: the translation on screen keeps its legibility tag, and so do the cards.
      await page.reload();
      await expect(onScreen).toBeVisible({ timeout: 30_000 });
      const recent = page.getByRole('region', { name: '最近作品' });
      const cards = recent.getByRole('figure');
      await expect(cards).toHaveCount(2);
      const german = cards.filter({ hasText: '德语' });
      const english = cards.filter({ hasText: '英语' });
      for (const card of [german, english]) {
        await expect(card.getByText('1688', { exact: true })).toBeVisible();
        await expect(card.getByText('图片翻译', { exact: true })).toBeVisible();
        await expect(card.getByText(LEGIBILITY)).toBeVisible();
        await expect(card.getByRole('button', { name: /继续编辑/ })).toBeVisible();
      }
      await expect(german.getByText('德语', { exact: true })).toBeVisible();
      await expect(english.getByText('英语', { exact: true })).toBeVisible();
      expect(await german.textContent()).not.toBe(await english.textContent());
      await expect(german.getByRole('link', { name: '下载' })).toHaveAttribute('download', '1688-de.png');
      await expect(english.getByRole('link', { name: '下载' })).toHaveAttribute('download', '1688-en.png');
      await page.screenshot({ path: `${shots}/${device.name}-two-languages-light.png`, fullPage: true });

      // 继续编辑 on the English card opens the English translation, untouched so far.
      await english.getByRole('button', { name: /继续编辑/ }).click();
      await expect(page).toHaveURL(/translation=\d+/);
      const englishId = /translation=(\d+)/.exec(page.url())?.[1];
      const result = page.getByRole('region', { name: '翻译结果' });
      await expect(chosenLanguage(page, '英语（English）')).toBeVisible();
      await expect(result.getByLabel('第 1 块译文')).toHaveValue(/Waterproof/);
      // Edited and drawn again: a third card; the first English drawing's card still opens it.
      await result.getByLabel('第 1 块译文').fill('Rainproof 3-layer fabric');
      const rendered = page.waitForResponse('**/api/v1/translate/render');
      await result.getByRole('button', { name: /重新生成/ }).click();
      expect((await rendered).status()).toBe(200);
      await expect(cards).toHaveCount(3);
      await expect(english).toHaveCount(2);
      const first = cards.filter({ has: page.getByRole('button', { name: /打\s*开/ }) });
      await expect(first).toHaveCount(1);
      await expect(first.getByText('英语', { exact: true })).toBeVisible();
      await expect(first.getByText(LEGIBILITY)).toBeVisible();
      await expect(first.getByRole('button', { name: /继续编辑/ })).toHaveCount(0);
      // Away to the German one, then back through the first drawing's 打开.
      await german.getByRole('button', { name: /继续编辑/ }).click();
      await expect(chosenLanguage(page, '德语（German）')).toBeVisible();
      await first.getByRole('button', { name: /打\s*开/ }).click();
      await expect(page).toHaveURL(new RegExp(`translation=${englishId}$`));
      await expect(result.getByLabel('第 1 块译文')).toHaveValue('Rainproof 3-layer fabric');

      await page.evaluate(() => localStorage.setItem('themeName', 'dark'));
      await page.reload();
      await expect(cards).toHaveCount(3);
      await expect(page.locator('body')).toHaveClass(/__theme_dark/);
      await page.screenshot({ path: `${shots}/${device.name}-three-cards-dark.png`, fullPage: true });
    });
  });
}
