import { register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { expect, test } from '../support/test.ts';

const ADMIN = '13912345960';
const SELLER = '13912345961';
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 3298);

/**
 * 渠道 and 成本 in the console: an operator adds a channel whose key the provider refuses, tests it
 * and sees it cooled down with the reason, while sellers' questions go to the healthy channel; then
 * sees the day's AI cost (the default channel is priced in playwright.config.ts) and the margin.
 */
test('an operator adds a channel, tests it, sees the dead one cooled with its reason, and reads the day’s cost', async ({
  page,
  browser,
}) => {
  await register(page, ADMIN);
  // Adding or editing a channel takes the admin's two-factor code.
  const totp = await bindTotp(page);
  await page.goto('/#/admin/channels');
  const chat = page.locator('.admin-channel-card').filter({ hasText: '对话模型' });
  await expect(chat.getByRole('row', { name: /默认对话渠道/ })).toContainText('正常');
  await expect(chat.getByRole('row', { name: /默认对话渠道/ })).toContainText('环境变量');

  await chat.getByRole('button', { name: '新增渠道' }).click();
  const form = page.getByRole('dialog', { name: /新增对话模型渠道/ });
  await form.getByLabel('名称').fill('备用账号');
  // The fake provider answers 401 on this path: a key the provider refuses.
  await form.getByLabel('接口地址').fill(`http://127.0.0.1:${LLM_PORT}/401/v1`);
  await form.getByLabel(/密钥/).fill('sk-e2e-expired-9876');
  await form.getByLabel(/^优先级/).fill('5');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请输入验证器上的 6 位数字')).toBeVisible();
  await form.getByLabel('两步验证码').fill(await totp.nextCode());
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('渠道已新增')).toBeVisible();
  const added = chat.getByRole('row', { name: /备用账号/ });
  await expect(added).toContainText('尾号 9876');
  await expect(added).not.toContainText('sk-e2e-expired');

  // Other specs' questions run alongside and may reach this channel first (it outranks the default
  // one), so it may already be cooling and the test be its trial: the reason is 密钥无效 either way.
  await added.getByRole('button', { name: '测试渠道备用账号' }).click();
  await expect(chat.getByRole('alert').filter({ hasText: /^调用失败/ })).toBeVisible();
  await expect(added).toContainText('冷却中');
  await expect(added).toContainText('密钥无效或无权限（401）');

  // The default channel answers its test.
  await chat.getByRole('button', { name: '测试渠道默认对话渠道' }).click();
  await expect(chat.getByRole('alert').filter({ hasText: /^模型回复/ })).toBeVisible();

  // A seller's question goes to the healthy channel, and what it cost is in 成本.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await register(seller, SELLER);
  await seller.goto('/#/question');
  await seller.getByLabel('问题').fill('怎么给 Shopee 商品定价？');
  await seller.getByLabel('问题').press('Enter');
  await expect(seller.locator('.chat-answer').first()).toContainText('你问的是');
  await sellerContext.close();

  await page.getByRole('link', { name: '成本' }).click();
  await expect(page.getByRole('heading', { name: '成本与毛利' })).toBeVisible();
  const cost = page.locator('.ant-statistic').filter({ hasText: 'AI 成本（元）' });
  await expect(cost).not.toContainText(/^AI 成本（元）0$/);
  await expect(page.locator('.ant-statistic').filter({ hasText: '毛利（元）' })).toBeVisible();
  await expect(page.getByRole('row', { name: /默认对话渠道/ })).toBeVisible();
  // Its failed calls are in the table (other specs' questions may have added more than the test's one).
  await expect(page.getByRole('row', { name: /备用账号/ })).toBeVisible();

  // The channel just added was given no price: 成本 says its calls count as ¥0, naming it.
  await expect(page.getByRole('alert').filter({ hasText: '没有设置价格' })).toContainText('备用账号');

  // Switching the dead channel off takes no code, and other specs' questions no longer try it.
  await page.getByRole('menu').getByRole('link', { name: '渠道' }).click();
  await chat.getByRole('button', { name: '停用渠道备用账号' }).click();
  await expect(page.getByText('已停用「备用账号」')).toBeVisible();
  await expect(chat.getByRole('row', { name: /备用账号/ })).toContainText('已停用');
});
