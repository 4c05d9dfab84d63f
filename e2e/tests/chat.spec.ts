import { register } from '../support/account.ts';
import { settled } from '../support/motion.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * AI 问答 in Chromium against the real server and the fake OpenAI-compatible API, which answers by
 * what is asked: `[slow]` streams slowly, `[html]` answers with script-bearing HTML and Markdown.
 */

function composer(page: Page) {
  return page.getByLabel('问题');
}

async function ask(page: Page, question: string) {
  // Enter while an answer still streams sends nothing (停止生成 stands where 发送 was): on a busy
  // machine the answer before was still coming when the next question was typed.
  await expect(page.getByRole('button', { name: '停止生成' })).toHaveCount(0);
  await composer(page).fill(question);
  await composer(page).press('Enter');
}

function answers(page: Page) {
  return page.locator('.chat-answer');
}

test('ask, watch the text grow, stop, regenerate; find, open, delete and clear in history', async ({
  page,
}) => {
  await register(page, '13912347701');
  await page.goto('/#/question');
  await expect(page.getByText('今天想解决什么运营问题？')).toBeVisible();

  await ask(page, '怎么写亚马逊标题？');
  const first = answers(page).first();
  await expect(first).toContainText('你问的是「怎么写亚马逊标题？」');
  await expect(first).toContainText('🚀🌏✨');
  await expect(first.locator('strong').first()).toHaveText('回答');
  await expect(page.getByText('今日剩余 19/20 次')).toBeVisible();

  // A slow answer grows while we watch, then the stop button cuts it.
  await ask(page, '[slow] 写一篇长文');
  const growing = answers(page).nth(1);
  await expect(growing).toContainText('第3段');
  const early = (await growing.textContent()) ?? '';
  // Under load the first read may land well past 第3段: wait for two paragraphs beyond what it saw.
  const seen = Math.max(...[...early.matchAll(/第(\d+)段/g)].map((m) => Number(m[1])));
  await expect(growing).toContainText(`第${seen + 2}段`);
  expect(((await growing.textContent()) ?? '').length).toBeGreaterThan(early.length);
  await page.getByRole('button', { name: /停止生成/ }).click();
  await expect(growing.getByText('已停止')).toBeVisible();
  const stoppedText = (await growing.locator('.markdown-body').textContent()) ?? '';
  expect(stoppedText).not.toContain('第80段');

  // Reload: the server kept the stopped answer (with any pieces that were in flight at the stop).
  await page.reload();
  await expect(answers(page).nth(1).getByText('已停止')).toBeVisible();
  const kept = (await answers(page).nth(1).locator('.markdown-body').textContent()) ?? '';
  expect(kept.startsWith(stoppedText.slice(0, -2))).toBe(true);
  expect(kept).not.toContain('第80段');

  // Regenerate replaces the last answer in place.
  await page.getByRole('button', { name: /重新生成/ }).click();
  await expect(page.getByRole('button', { name: /停止生成/ })).toBeVisible();
  await expect(answers(page).nth(1)).toContainText('第80段', { timeout: 30_000 });
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1).getByText('已停止')).toHaveCount(0);

  // History (linked from the foot of the conversation list): search, open, delete one, clear all.
  await page.getByRole('link', { name: /问答历史/ }).click();
  await expect(page).toHaveURL(/#\/question\/history$/);
  await expect(page.getByText('共 2 条')).toBeVisible();
  await page.getByLabel('搜索问答').fill('亚马逊');
  await page.getByLabel('搜索问答').press('Enter');
  await expect(page.getByText('共 1 条')).toBeVisible();
  await page.getByRole('button', { name: '怎么写亚马逊标题？' }).click();
  const detail = await settled(page.getByRole('dialog', { name: '问答详情' }));
  await expect(detail).toContainText('你问的是「怎么写亚马逊标题？」');
  await detail.getByRole('button', { name: 'Close' }).or(detail.getByLabel('Close')).first().click();
  await expect(detail).toBeHidden();

  await page
    .getByRole('row', { name: /怎么写亚马逊标题/ })
    .getByRole('button', { name: '删除' })
    .click();
  await (await settled(page.getByRole('tooltip').getByRole('button', { name: /删\s*除/ }))).click();
  await expect(page.getByText('已删除 1 条')).toBeVisible();
  await page.getByLabel('搜索问答').fill('');
  await page.getByLabel('搜索问答').press('Enter');
  await expect(page.getByText('共 1 条')).toBeVisible();

  await page.getByRole('button', { name: /清空全部/ }).click();
  await (await settled(page.getByRole('tooltip').getByRole('button', { name: /清\s*空/ }))).click();
  await expect(page.getByText('已清空 1 条问答')).toBeVisible();
  await expect(page.getByText('还没有问答记录')).toBeVisible();
});

test('create a prompt tag with the Markdown editor and answer with it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await register(page, '13912347702');
  await page.goto('/#/question');
  const panel = page.getByRole('complementary', { name: '提示词' });
  await panel.getByRole('tab', { name: '我的标签' }).click();
  await panel.getByRole('button', { name: /新建标签/ }).click();

  const editor = await settled(page.getByRole('dialog', { name: '新建标签' }));
  await editor.getByLabel('标签名称').fill('德语客服');
  await editor.locator('.cm-content').click();
  await page.keyboard.type('你是德语客服专家，回答礼貌简洁。');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editor).toBeHidden();

  const tag = panel.locator('.tag-item', { hasText: '德语客服' });
  await tag.getByRole('button', { name: /使\s*用/ }).click();
  await expect(page.locator('.chat-composer').getByText('德语客服')).toBeVisible();
  await ask(page, '退货怎么回复');
  const answer = answers(page).first();
  await expect(answer).toContainText('系统提示：你是德语客服专家，回答礼貌简洁。');
  await expect(answer.locator('.chat-answer__meta')).toContainText('德语客服');

  // A library prompt works the same way.
  await panel.getByRole('tab', { name: '提示词库' }).click();
  await panel
    .locator('.tag-item', { hasText: '亚马逊标题' })
    .getByRole('button', { name: /使\s*用/ })
    .click();
  await ask(page, '蓝牙耳机');
  await expect(answers(page).nth(1)).toContainText('系统提示：你是资深亚马逊运营');
});

test('an answer with HTML and script-bearing Markdown renders inert', async ({ page }) => {
  await register(page, '13912347703');
  await page.goto('/#/question');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await ask(page, '[html] 测试');
  const answer = answers(page).first();
  // Check the finished answer: while it streams, a half-received `<b` is (rightly) rendered as text
  // or an empty element, which would race the assertions below.
  await expect(answer.getByRole('button', { name: /重新生成/ })).toBeVisible();
  await expect(answer.getByRole('heading', { name: '测试 HTML' })).toBeVisible();
  await expect(answer.locator('b')).toHaveText('加粗仍然可以');
  await expect(answer.locator('script, iframe, [onerror]')).toHaveCount(0);
  for (const link of await answer.locator('a').all()) {
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/javascript:/i);
  }
  await answer.getByText('点我').click();
  await answer.getByText('另一个链接').click();
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test('the input box and 发送 stay on screen with an announcement above the chat', async ({ page }) => {
      // An announcement as the console publishes it, served to this page only.
      await page.route('**/api/v1/announcements', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            code: 200,
            msg: 'ok',
            data: [
              {
                id: 1,
                title: '春节发货提醒',
                body: '1 月 20 日至 2 月 5 日物流停运，请提前备货。海外仓库存请在 1 月 15 日前补齐。',
                place: 'bar',
                startsAt: 0,
                endsAt: Date.now() + 86_400_000,
              },
            ],
          }),
        }),
      );
      await register(page, viewport.width < 500 ? '13912349301' : '13912349302');
      await page.goto('/#/question');
      await expect(page.locator('.announcement-bar')).toContainText('春节发货提醒');
      const input = composer(page);
      await expect(input).toBeVisible();
      const send = page.getByRole('button', { name: /发\s*送/ });
      for (const element of [input, send]) {
        const box = (await element.boundingBox()) as { y: number; height: number };
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      // The page itself does not scroll: only the thread does.
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
