import { totpCode, totpStep } from '../../apps/server/src/lib/totp.ts';
import { expect, type Page } from './test.ts';

/** Binds an authenticator in 两步验证 as an operator would; returns a source of fresh codes. */
export async function bindTotp(page: Page): Promise<{ nextCode: () => string }> {
  await page.goto('/#/admin/security');
  await page.getByRole('button', { name: '开始绑定' }).click();
  const secret = (await page.locator('.admin-totp code').textContent()) as string;
  let step = totpStep(Date.now());
  await page.getByLabel('验证码').fill(totpCode(secret, step));
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('两步验证已绑定', { exact: true })).toBeVisible();
  // A code works once: each money action takes the next 30-second step's code.
  return {
    nextCode: () => {
      step = Math.max(step + 1, totpStep(Date.now()));
      return totpCode(secret, step);
    },
  };
}
