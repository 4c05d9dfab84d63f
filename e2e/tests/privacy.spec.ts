import { readFileSync } from 'node:fs';
import { PASSWORD, register } from '../support/account.ts';
import { settled } from '../support/motion.ts';
import { readSmsCode, smsCount } from '../support/sms.ts';
import { expect, test } from '../support/test.ts';

test('个人中心: export my data as JSON, then delete the account with an SMS code', async ({ page }) => {
  const phone = '13912340077';
  await register(page, phone);
  await page.goto('/#/profile');
  await expect(page.getByText('登录设备')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出我的数据' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^出海助手-我的数据-\d{8}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(exported.account.phone).toBe(phone);
  expect(exported.sessions).toHaveLength(1);

  await page.getByRole('button', { name: '注销账号' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '注销账号' }));
  const confirm = dialog.getByRole('button', { name: /确认注销/ });
  await expect(confirm).toBeDisabled();
  const before = smsCount(phone, 4);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByLabel('注销验证码').fill(await readSmsCode(phone, 4, before));
  await dialog.getByRole('checkbox').check();
  await confirm.click();

  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByText('账号已注销')).toBeVisible();
  await expect(page.getByRole('link', { name: /登\s*录/ }).first()).toBeVisible();

  // The number is no longer an account.
  await page.goto('/#/login');
  await page.getByRole('region').getByLabel('手机号').fill(phone);
  await page.getByRole('region').getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await page
    .getByRole('region')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();
});
