import { expect, type Page, type TestInfo } from '@playwright/test';
import { readSmsCode, smsCount } from './sms.ts';

/** Account steps shared by the specs, done through the screens as a person would. */

export const PASSWORD = 'Seller2026go';

export function form(page: Page) {
  return page.getByRole('region');
}

/**
 * A phone number of its own for each run of a test under `--repeat-each`, counted up from `first`:
 * a repeat that registered the same number again would fail with 该手机号已注册. Leave room after
 * `first` (10 numbers) when choosing the next test's.
 */
export function phoneForRepeat(first: string, testInfo: TestInfo): string {
  return String(Number(first) + testInfo.repeatEachIndex);
}

export async function requestCode(page: Page, phone: string, type: 1 | 2 | 3): Promise<string> {
  const before = smsCount(phone, type);
  await form(page).getByRole('button', { name: '获取验证码' }).click();
  await expect(form(page).getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  return readSmsCode(phone, type, before);
}

/** Registers through the register screen; `from` is the page to start on (an invitation link). */
export async function register(page: Page, phone: string, from = '/#/register') {
  await page.goto(from);
  await form(page).getByLabel('手机号').fill(phone);
  await submitRegistration(page, await requestCode(page, phone, 1));
  await expect(page).toHaveURL(/#\/$/);
}

/** On the register screen with the phone typed: the code, PASSWORD twice, the terms ticked, 注册. */
export async function submitRegistration(page: Page, code: string) {
  await form(page).getByLabel('短信验证码').fill(code);
  await form(page).getByLabel('设置密码').fill(PASSWORD);
  await form(page).getByLabel('确认密码').fill(PASSWORD);
  await form(page).getByRole('checkbox').check();
  await form(page)
    .getByRole('button', { name: /注\s*册/ })
    .click();
}
