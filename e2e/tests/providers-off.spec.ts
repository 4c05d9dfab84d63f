import { FEATURE_OFF_TEXT } from '@chuhai/contract';
import { register } from '../support/account.ts';
import { expect, type Page, test } from '../support/test.ts';

// This project's server has no chat and no drawing provider (playwright.config.ts, BARE_PORT).
const SELLER = '13912345971';
const OPERATOR = '13912345970'; // in that server's ADMIN_PHONES

/** Words only an operator should read: environment variables, the README, provider names. */
const OPERATOR_WORDS = /LLM_|IMAGE_|API_KEY|README|sdwebui|dashscope|环境变量/;

async function expectNoOperatorText(page: Page) {
  await expect(page.locator('body')).not.toContainText(OPERATOR_WORDS);
}

test('with chat and drawing off, a seller reads one short notice and no variable names; the admin sees what to set', async ({
  browser,
  page,
}) => {
  await register(page, SELLER);

  await page.goto('/#/question');
  await expect(page.getByText(FEATURE_OFF_TEXT)).toBeVisible();
  await expectNoOperatorText(page);

  // Each screen's own title first: on the same hash-routed page the last screen's notice can still
  // show until the next one has loaded.
  await page.goto('/#/draw');
  await expect(page).toHaveTitle('AI 绘画 · 出海助手');
  await expect(page.getByText(FEATURE_OFF_TEXT)).toBeVisible();
  await expectNoOperatorText(page);

  // 换背景 says it only of its AI 场景 (the stale notice from AI 绘画 passed this check until once it didn't).
  await page.goto('/#/background');
  await expect(page.getByRole('heading', { level: 1, name: '智能做图 · 换背景' })).toBeVisible();
  await page.getByRole('radiogroup', { name: '背景来源' }).getByText('AI 场景').click();
  await expect(page.getByText(FEATURE_OFF_TEXT)).toBeVisible();
  await expectNoOperatorText(page);

  // A seller who types the console's address is turned away without learning anything.
  await page.goto('/#/admin/providers');
  await expect(page.getByText('LLM_BASE_URL')).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await register(admin, OPERATOR);
  await admin.goto('/#/admin/providers');
  const chat = admin.locator('.ant-card').filter({ hasText: 'AI 问答（大模型）' });
  await expect(chat.getByText('未配置', { exact: true }).first()).toBeVisible();
  await expect(chat).toContainText('LLM_BASE_URL');
  const drawing = admin.locator('.ant-card').filter({ hasText: 'AI 绘画（文生图）' });
  await expect(drawing).toContainText('IMAGE_PROVIDER');
  await chat.getByRole('button', { name: '测试AI 问答（大模型）' }).click();
  await expect(chat.getByRole('alert')).toBeVisible();
});
