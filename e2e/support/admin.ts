import { totpCode, totpStep } from '../../apps/server/src/lib/totp.ts';
import { expect, type Page } from './test.ts';

/**
 * Binds an authenticator in 两步验证 as an operator would; returns a source of fresh codes. The
 * server takes each code once and only a later step after it, within one step of now: a fourth
 * action inside the same 30 seconds waits for the authenticator's next code, as an operator would.
 */
export async function bindTotp(page: Page): Promise<{ nextCode: () => Promise<string> }> {
  await page.goto('/#/admin/security');
  await page.getByRole('button', { name: '开始绑定' }).click();
  const secret = (await page.locator('.admin-totp code').textContent()) as string;
  let step = totpStep(Date.now());
  await page.getByLabel('验证码').fill(totpCode(secret, step));
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('两步验证已绑定', { exact: true })).toBeVisible();
  return {
    nextCode: async () => {
      step = Math.max(step + 1, totpStep(Date.now()) - 1);
      while (step > totpStep(Date.now()) + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
      return totpCode(secret, step);
    },
  };
}
