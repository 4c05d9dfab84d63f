import { register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { settled } from '../support/motion.ts';
import { expect, test } from '../support/test.ts';

const ADMIN = '13912345960';
const SELLER = '13912345961';
/** An admin who runs the console from a phone. */
const PHONE_ADMIN = '13912345962';
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
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, ADMIN);
  // Adding or editing a channel takes the admin's two-factor code.
  const totp = await bindTotp(page);
  await page.goto('/#/admin/channels');
  const chat = page.locator('.admin-channel-card').filter({ hasText: '对话模型' });
  await expect(chat.getByRole('row', { name: /默认对话渠道/ })).toContainText('正常');
  await expect(chat.getByRole('row', { name: /默认对话渠道/ })).toContainText('环境变量');
  // At 1440 the whole row fits beside the menu: 操作 is in view without scrolling the table.
  await expect(chat.getByRole('button', { name: '测试渠道默认对话渠道' })).toBeInViewport({ ratio: 1 });
  expect(await chat.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

  await chat.getByRole('button', { name: '新增渠道' }).click();
  const form = await settled(page.getByRole('dialog', { name: /新增对话模型渠道/ }));
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

  // 全部测试 tries every enabled chat channel in turn and counts the dead one as failing.
  await chat.getByRole('button', { name: /^全部测试（\d+ 个）$/ }).click();
  await expect(page.getByText(/全部测试完成：\d+ 个正常，[1-9]\d* 个失败/)).toBeVisible();

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

test.describe('390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone the console has its own menu, and each channel’s state and buttons are in reach', async ({
    page,
  }) => {
    await register(page, PHONE_ADMIN);
    await page.goto('/#/admin');
    // The console's own bar: no seller navigation, 邀请有礼 or footer, and no page wider than the phone.
    await expect(page.getByRole('link', { name: /出海助手\s*·\s*运营后台/ })).toBeVisible();
    await expect(page.locator('.nav-bar, .site-footer')).toHaveCount(0);
    await expect(page.getByText('邀请有礼')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '返回卖家网站' })).toBeInViewport();

    // The menu is a drawer opened from the bar, closed once a page is chosen.
    await page.getByRole('button', { name: '打开后台菜单' }).click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('menu', { name: '后台菜单' }) });
    await expect(drawer).toContainText('管理员');
    await settled(drawer);
    await drawer.getByRole('link', { name: '渠道' }).click();
    await expect(page).toHaveURL(/#\/admin\/channels$/);
    await expect(drawer).toBeHidden();

    // 渠道: one card per channel, its name, state and buttons on screen without sideways scrolling.
    const chat = page.locator('.admin-channel-card').filter({ hasText: '对话模型' });
    const channel = chat.getByRole('listitem', { name: '渠道默认对话渠道' });
    await expect(channel).toContainText('正常');
    const test = channel.getByRole('button', { name: '测试渠道默认对话渠道' });
    for (const button of [
      test,
      channel.getByRole('button', { name: '编辑渠道默认对话渠道' }),
      channel.getByRole('button', { name: /^删\s*除$/ }),
    ]) {
      const box = await button.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await test.click();
    await expect(channel.getByRole('alert').filter({ hasText: /^模型回复/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 用户: the columns that fit a phone, and the drawer across the whole screen.
    await page.getByRole('button', { name: '打开后台菜单' }).click();
    await settled(drawer);
    await drawer.getByRole('link', { name: '用户', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(PHONE_ADMIN) });
    await expect(row).toContainText('免费用户');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.click();
    // Measured once it has slid in.
    const details = await settled(page.getByRole('dialog', { name: '用户详情' }));
    await expect(details).toContainText(PHONE_ADMIN);
    expect((await details.boundingBox())?.width).toBeCloseTo(390, 0);
  });
});
