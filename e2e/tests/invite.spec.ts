import { register } from '../support/account.ts';
import { browserDateIn } from '../support/dates.ts';
import { expect, test } from '../support/test.ts';

test('A invites B through the link: B gets 1 VIP day, A gets 3 and sees B in the history', async ({
  page,
  browser,
}) => {
  await register(page, '13912348801');
  await page.goto('/#/invitat');
  const link = await page.getByLabel('邀请链接').inputValue();
  expect(link).toMatch(/\/#\/register\?invite=[A-Z0-9]{8}$/);
  await expect(page.getByText('还没有邀请记录')).toBeVisible();
  await expect(page.locator('.invite-share canvas, .invite-share svg').first()).toBeVisible();

  const friend = await (await browser.newContext()).newPage();
  await friend.goto(link);
  const code = new URL(link.replace('/#', '')).searchParams.get('invite') ?? '';
  await expect(friend.getByRole('region').getByLabel('邀请码')).toHaveValue(code);
  await register(friend, '13912348802', link);
  await friend.locator('.nav-bar__actions .user-block').hover();
  await expect(friend.locator('.user-popover')).toContainText(`VIP于${browserDateIn(1)}到期`);

  await page.reload();
  const row = page.getByRole('row', { name: /139\*\*\*\*8802/ });
  await expect(row).toContainText('好友注册');
  await expect(row).toContainText('+3 天 VIP');
  await expect(page.locator('.invite-stats')).toContainText('1人');
  await page.locator('.nav-bar__actions .user-block').hover();
  await expect(page.locator('.user-popover')).toContainText(`VIP于${browserDateIn(3)}到期`);
});
