import type { Locator } from '@playwright/test';
import { form } from '../support/account.ts';
import { expect, test } from '../support/test.ts';

/**
 * A seller's first minutes: 注册 and 登录 fit a laptop screen, the code countdown fits its button,
 * and the terms they agree to are there to read.
 */

/** How far the button's text stays from its left and right edges, and whether it is one line. */
function textInside(button: Locator) {
  return button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    return {
      text: el.textContent,
      left: text.left - box.left,
      right: box.right - text.right,
      lines: Math.floor(text.height / (1.2 * Number.parseFloat(getComputedStyle(el).fontSize))),
    };
  });
}

test('注册 and 登录 are above the fold on a 1440×900 screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/register');
  await expect(form(page).getByRole('button', { name: /注\s*册/ })).toBeInViewport({ ratio: 1 });
  // An invitation link says so in the lead; the button still fits.
  await page.goto('/#/register?invite=AB23CD45');
  await page.reload();
  await expect(form(page).getByLabel('邀请码（选填）')).toHaveValue('AB23CD45');
  await expect(form(page).getByRole('button', { name: /注\s*册/ })).toBeInViewport({ ratio: 1 });

  await page.goto('/#/login');
  await expect(form(page).getByRole('button', { name: /登\s*录/ })).toBeInViewport({ ratio: 1 });
  await form(page).getByText('验证码登录', { exact: true }).click();
  await expect(form(page).getByRole('button', { name: /登\s*录/ })).toBeInViewport({ ratio: 1 });
});

for (const [width, height, phone] of [
  [1440, 900, '13912347751'],
  [390, 844, '13912347752'],
] as const) {
  test(`「60 秒后重新获取」 fits inside its button at ${width} wide`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/#/register');
    await form(page).getByLabel('手机号').fill(phone);
    const send = form(page).getByRole('button', { name: '获取验证码' });
    const before = await send.boundingBox();
    await send.click();
    const counting = form(page).getByRole('button', { name: /\d+ 秒后重新获取/ });
    await expect(counting).toBeDisabled();
    // The field does not jump when the countdown starts (once the sending spinner has folded away).
    await expect
      .poll(async () => Math.round((await counting.boundingBox())?.width ?? 0))
      .toBe(Math.round(before?.width ?? 0));
    // One line once its text has settled too: on a busy machine the text is measured mid-animation
    // (0 lines high) a moment after the button's width is already final.
    await expect.poll(async () => (await textInside(counting)).lines).toBe(1);
    const fit = await textInside(counting);
    expect(fit.left, fit.text ?? '').toBeGreaterThanOrEqual(8);
    expect(fit.right, fit.text ?? '').toBeGreaterThanOrEqual(8);
    await expect(form(page).getByLabel('短信验证码')).toBeVisible();
  });
}

test('用户协议 opens from where the seller agrees, beside 隐私政策, and from the footer', async ({
  page,
}) => {
  await page.goto('/#/register');
  const agreement = form(page).getByText('我已阅读并同意');
  await expect(agreement).toContainText('《用户协议》和《隐私政策》');
  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    form(page).getByRole('link', { name: '《用户协议》' }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: '出海助手用户协议' })).toBeVisible();
  await expect(terms).toHaveTitle('用户协议 · 出海助手');
  // Outside the shared layout, like the privacy policy.
  await expect(terms.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
  for (const heading of [
    '一、服务内容',
    '二、账号',
    '三、免费额度、VIP 与付款',
    '四、使用规范',
    '五、AI 生成的内容',
  ])
    await expect(terms.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(terms.getByText(/VIP 是开通即生效的在线服务/)).toBeVisible();
  await terms.getByRole('link', { name: '《隐私政策》' }).click();
  await expect(terms.getByRole('heading', { level: 1, name: '出海助手隐私政策' })).toBeVisible();
  await terms.close();

  await page.goto('/#/login');
  await expect(form(page).getByText('登录即表示你同意')).toContainText('《用户协议》和《隐私政策》');

  const legal = page.locator('.site-footer__legal');
  await legal.getByRole('link', { name: '用户协议' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出海助手用户协议' })).toBeVisible();
  await page.goBack();
  await legal.getByRole('link', { name: '隐私政策' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出海助手隐私政策' })).toBeVisible();
});
