import { register } from '../support/account.ts';
import { bindTotp } from '../support/admin.ts';
import { settled } from '../support/motion.ts';
import { expect, type Page, test } from '../support/test.ts';

const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 3298);
/** Set to a folder to keep screenshots of the dialog and the list in both themes. */
const SHOTS = process.env.E2E_SHOTS;

/** Screenshots in the light and the dark theme, when asked for (the page is reloaded into each). */
async function shoot(page: Page, name: string, show: (page: Page) => Promise<void>) {
  if (!SHOTS) return;
  for (const theme of ['default', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('themeName', value), theme);
    await page.reload();
    await show(page);
    // Let the dropdown's opening motion finish: mid-way it is drawn half transparent.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.evaluate(() => localStorage.setItem('themeName', 'default'));
  await page.reload();
}

/**
 * Adds a chat channel, switched off so that sellers' questions in other specs never reach it, with
 * the fake provider's address (which lists fake-standard, fake-advanced and fake-long-context).
 */
async function addChannel(page: Page, name: string) {
  const chat = page.locator('.admin-channel-card').filter({ hasText: '对话模型' });
  await chat.getByRole('button', { name: '新增渠道' }).click();
  const form = await settled(page.getByRole('dialog', { name: /新增对话模型渠道/ }));
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('接口地址').fill(`http://127.0.0.1:${LLM_PORT}/v1`);
  await form.getByLabel(/密钥/).fill('sk-e2e-models-4321');
  await form.getByRole('switch').click();
  return { chat, form };
}

async function pickModel(page: Page, form: ReturnType<Page['getByRole']>, model: string) {
  await form.getByRole('button', { name: '获取模型列表' }).click();
  await expect(form.getByText('服务商提供 3 个模型，在上面的列表里点选；已选的不会重复加入')).toBeVisible();
  await (await settled(page.locator('.ant-select-item-option', { hasText: model }))).click();
  await expect(form.locator('.ant-select-selection-item', { hasText: model })).toBeVisible();
}

test('an operator fetches the provider’s models with the stored key, picks one and saves; then reads the balance', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await register(page, '13912345963');
  const totp = await bindTotp(page);
  await page.goto('/#/admin/channels');
  const { chat, form } = await addChannel(page, '模型列表');
  await form.getByLabel('两步验证码').fill(await totp.nextCode());
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('渠道已新增')).toBeVisible();
  const row = chat.getByRole('row', { name: /模型列表/ });
  await expect(row).toContainText('余额未查询');

  // Editing with the key left empty: the server asks with the stored key, which never comes back.
  await row.getByRole('button', { name: '编辑渠道模型列表' }).click();
  const edit = await settled(page.getByRole('dialog', { name: /编辑渠道「模型列表」/ }));
  await expect(edit.getByLabel(/密钥/)).toHaveValue('');
  await pickModel(page, edit, 'fake-long-context');
  await expect(page.locator('body')).not.toContainText('sk-e2e-models');
  await edit.getByLabel('两步验证码').fill(await totp.nextCode());
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('渠道已保存')).toBeVisible();
  await expect(row).toContainText('fake-long-context');

  // 刷新余额: the fake gateway granted $20 and $1.25 is used.
  await row.getByRole('button', { name: '刷新余额模型列表' }).click();
  await expect(row).toContainText('$18.75');
  await expect(row).toContainText(/\d\d-\d\d \d\d:\d\d 读取/);
  // An SD WebUI channel has no balance query.
  const image = page.locator('.admin-channel-card').filter({ hasText: '图片生成' });
  await expect(image.getByRole('row', { name: /默认绘画渠道/ })).toContainText('该服务商不提供余额查询');

  await shoot(page, '1440-list', async (p) => {
    await expect(p.getByRole('row', { name: /模型列表/ })).toContainText('$18.75');
  });
  await shoot(page, '1440-dialog', async (p) => {
    await p.getByRole('button', { name: '编辑渠道模型列表' }).click();
    const dialog = await settled(p.getByRole('dialog', { name: /编辑渠道「模型列表」/ }));
    await dialog.getByRole('button', { name: '获取模型列表' }).click();
    await expect(p.locator('.ant-select-item-option', { hasText: 'fake-advanced' })).toBeVisible();
  });
});

test.describe('390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone an operator fetches the models with the key typed in the form, picks one and saves', async ({
    page,
  }) => {
    await register(page, '13912345964');
    const totp = await bindTotp(page);
    await page.goto('/#/admin/channels');
    const { chat, form } = await addChannel(page, '手机渠道');
    const button = form.getByRole('button', { name: '获取模型列表' });
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // A new address: the lookup takes a two-factor code and uses it up, so the save takes the next.
    await form.getByLabel('两步验证码').fill(await totp.nextCode());
    await pickModel(page, form, 'fake-advanced');
    await expect(form.getByLabel('两步验证码')).toHaveValue('');
    await form.getByLabel('两步验证码').fill(await totp.nextCode());
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('渠道已新增')).toBeVisible();
    const card = chat.getByRole('listitem', { name: '渠道手机渠道' });
    await expect(card).toContainText('fake-advanced');
    await card.getByRole('button', { name: '刷新余额手机渠道' }).click();
    await expect(card).toContainText('$18.75');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await shoot(page, '390-list', async (p) => {
      await expect(p.getByRole('listitem', { name: '渠道手机渠道' })).toContainText('$18.75');
    });
    await shoot(page, '390-dialog', async (p) => {
      await p.getByRole('button', { name: '编辑渠道手机渠道' }).click();
      const dialog = await settled(p.getByRole('dialog', { name: /编辑渠道「手机渠道」/ }));
      await dialog.getByRole('button', { name: '获取模型列表' }).click();
      await expect(p.locator('.ant-select-item-option', { hasText: 'fake-standard' })).toBeVisible();
    });
  });
});
