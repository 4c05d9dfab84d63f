import { register } from '../support/account.ts';
import { payInSandbox } from '../support/sandbox-cashier.ts';
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';

/**
 * What the price page, the plans and 个人中心 promise is what the site delivers: on the main server
 * (standard and advanced chat model, drawing) the monthly plan sells the advanced model and the VIP
 * who bought it uses it; on the server with no chat or drawing provider (playwright.config.ts,
 * BARE_PORT) nothing about either is sold, and the VIP's 个人中心 lists only tools that work.
 */
const BARE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3211) + 2}`;

function planCard(page: Page, name: string) {
  return page.locator('.plan-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The monthly plan through the sandbox cashier, as purchase.spec.ts buys it. */
async function buyMonth(page: Page, context: BrowserContext) {
  await planCard(page, '月度 VIP').getByRole('button', { name: '立即开通' }).click();
  await expect(page.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
  await payInSandbox(page, context);
}

function membership(page: Page) {
  return page.locator('.profile-card').filter({ has: page.getByText('会员', { exact: true }) });
}

for (const [width, height, first] of [
  [1440, 900, 13912364101],
  [390, 844, 13912364111],
] as const) {
  test.describe(`${width} 宽`, () => {
    test.use({ viewport: { width, height } });

    test('with an advanced model, the plan sells it and the VIP who bought it asks with it', async ({
      page,
      context,
    }) => {
      await register(page, String(first));
      await page.goto('/#/profile');
      await expect(membership(page)).toContainText(
        '开通 VIP 后 AI 问答每天 300 次（现在 20 次），可用高级模型',
      );

      await page.goto('/#/price');
      await expect(planCard(page, '月度 VIP')).toContainText('AI 问答每日 300 次，可用高级模型');
      await expect(page.getByRole('row', { name: /高级问答模型/ })).toBeVisible();
      await expect(page.getByRole('row', { name: /AI 绘画（每日）/ })).toBeVisible();
      await buyMonth(page, context);

      await page.goto('/#/question');
      const advanced = page.getByRole('radio', { name: /高级模型/ });
      await expect(advanced).toBeEnabled();
      await page.getByText('高级模型 VIP').click();
      await page.getByLabel('问题').fill('怎么写亚马逊标题？');
      await page.getByLabel('问题').press('Enter');
      const answer = page.locator('.chat-answer').first();
      await expect(answer).toContainText('你问的是「怎么写亚马逊标题？」');
      await expect(answer.getByText('高级模型', { exact: true })).toBeVisible();
    });

    test.describe('no chat or drawing provider', () => {
      test.use({ baseURL: BARE_URL });

      test('nothing about the advanced model, AI 问答 or AI 绘画 is sold, and the VIP sees what was', async ({
        page,
        context,
      }) => {
        await register(page, String(first + 1));
        await page.goto('/#/profile');
        await expect(membership(page)).toContainText(
          '开通 VIP 后抠图与主图每天 300 张（现在 10 张），其他工具的次数也更多',
        );
        await expect(membership(page)).not.toContainText('高级');

        await page.goto('/#/price');
        const month = planCard(page, '月度 VIP');
        await expect(month).toContainText('抠图与主图每日 300 张');
        await expect(month).toContainText('换背景每日 200 张');
        await expect(page.getByRole('row', { name: /抠图与主图（每日）/ })).toBeVisible();
        await expect(page.locator('.plan-grid')).not.toContainText(/高级|AI 问答|AI 绘画/);
        await expect(page.getByRole('row', { name: /高级问答模型|AI 问答|AI 绘画|图片翻译/ })).toHaveCount(0);
        await buyMonth(page, context);

        // What the plan sold, and only that: the tools that work, at the VIP numbers.
        await page.goto('/#/profile');
        await expect(membership(page)).toContainText('VIP 会员');
        const usage = page.locator('.profile-card').filter({ hasText: '今日用量' });
        await expect(usage.locator('.usage-list__item').filter({ hasText: '抠图与主图' })).toContainText(
          '已用 0 / 300 次',
        );
        await expect(usage.locator('.usage-list__item').filter({ hasText: '换背景' })).toContainText(
          '已用 0 / 200 次',
        );
        await expect(usage.locator('.usage-list__item')).toHaveCount(2);
      });
    });
  });
}
