import { E2E_SITE } from '../playwright.config.ts';
import { expect, test } from '../support/test.ts';

/** Every route of spec section 2 with the heading its screen shows. */
const SCREENS: Array<{ path: string; heading: string; title: string }> = [
  { path: '/', heading: '跨境卖家的 AI 工具站', title: '出海助手 · 跨境卖家的 AI 工具站' },
  { path: '/login', heading: '登录', title: '登录 · 出海助手' },
  { path: '/register', heading: '注册', title: '注册 · 出海助手' },
  { path: '/draw', heading: 'AI 绘画', title: 'AI 绘画 · 出海助手' },
  { path: '/question', heading: 'AI 问答', title: 'AI 问答 · 出海助手' },
  { path: '/question/history', heading: '问答历史', title: '问答历史 · 出海助手' },
  { path: '/price', heading: '购买 VIP', title: '购买 VIP · 出海助手' },
  { path: '/profile', heading: '个人中心', title: '个人中心 · 出海助手' },
  { path: '/changePwd', heading: '修改密码', title: '修改密码 · 出海助手' },
  { path: '/forgetPwd', heading: '找回密码', title: '找回密码 · 出海助手' },
  { path: '/pay', heading: '支付', title: '支付 · 出海助手' },
  { path: '/intro', heading: '公司简介', title: '公司简介 · 出海助手' },
  { path: '/about', heading: '关于我们', title: '关于我们 · 出海助手' },
  { path: '/contact', heading: '联系我们', title: '联系我们 · 出海助手' },
  { path: '/invitat', heading: '邀请有礼', title: '邀请有礼 · 出海助手' },
  { path: '/background', heading: '智能做图 · 换背景', title: '智能做图 · 换背景 · 出海助手' },
  { path: '/image', heading: '智能做图 · 抠图', title: '智能做图 · 抠图 · 出海助手' },
  { path: '/protocol/yszc', heading: '出海助手隐私政策', title: '隐私政策 · 出海助手' },
  { path: '/protocol/yhxy', heading: '出海助手用户协议', title: '用户协议 · 出海助手' },
];

test.describe('every route renders its screen', () => {
  for (const screen of SCREENS) {
    test(screen.path, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/#${screen.path}`);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page).toHaveTitle(screen.title);
      expect(errors).toEqual([]);
    });
  }
});

test('the privacy policy stands outside the shared layout', async ({ page }) => {
  await page.goto('/#/protocol/yszc');
  await expect(page.getByRole('heading', { name: '出海助手隐私政策' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '五、你的权利' })).toBeVisible();
});

test('the current link is highlighted', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: '主导航' });
  await page.goto('/#/draw');
  await expect(nav.getByRole('link', { name: 'AI绘画' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'AI问答' }).click();
  await expect(page).toHaveURL(/#\/question$/);
  await expect(nav.getByRole('link', { name: 'AI问答' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'AI绘画' })).not.toHaveAttribute('aria-current', 'page');

  await page.goto('/#/background');
  await expect(nav.getByRole('link', { name: '智能做图' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: '出海助手首页' }).click();
  await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
});

test('every 智能做图 tool is one click away: the menu in the top bar and the tabs above each tool', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: '主导航' });
  await page.goto('/#/');
  await nav.getByRole('button', { name: '智能做图的工具' }).click();
  const menu = page.locator('#studio-menu');
  await expect(menu.getByRole('link', { name: '抠图' })).toBeVisible();
  await menu.getByRole('link', { name: '批量处理' }).click();
  await expect(page).toHaveURL(/#\/batch$/);
  await expect(nav.getByRole('link', { name: '智能做图' })).toHaveAttribute('aria-current', 'page');

  const tabs = page.getByRole('navigation', { name: '智能做图工具' });
  await expect(tabs.getByRole('link', { name: '批量处理' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '换背景' }).click();
  await expect(page).toHaveURL(/#\/background$/);
  await expect(page.getByRole('heading', { level: 1, name: /换背景/ })).toBeVisible();
  await tabs.getByRole('link', { name: '抠图' }).click();
  await expect(page).toHaveURL(/#\/image$/);
  await expect(page.getByRole('heading', { level: 1, name: /抠图/ })).toBeVisible();

  // Hovering 智能做图 opens the same menu. On a loaded machine the page may still be settling when
  // the pointer arrives (the hover is then lost), so the pointer comes in again until it opens.
  await expect(async () => {
    await page.mouse.move(0, 300);
    await nav.getByRole('link', { name: '智能做图' }).hover();
    await expect(menu.getByRole('link', { name: '换背景' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});

test('the home page leads to every tool, and 跨境工具 to the WIPO searches', async ({ page }) => {
  await page.goto('/#/');
  const tools = page.getByRole('region', { name: '常用工具' });
  for (const [card, url] of [
    ['AI 问答', /#\/question$/],
    ['Listing 写作', /#\/listing$/],
    ['批量处理', /#\/batch$/],
    ['一键出海', /#\/localise$/],
  ] as const) {
    await tools
      .getByRole('link', { name: new RegExp(card) })
      .first()
      .click();
    await expect(page).toHaveURL(url);
    await page.goBack();
  }
  await expect(tools.getByRole('link', { name: /国际专利查询/ })).toHaveAttribute(
    'href',
    /patentscope\.wipo\.int/,
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '批量处理' })).toHaveAttribute('href', '#/batch');
  await expect(footer.getByRole('link', { name: '一键出海' })).toHaveAttribute('href', '#/localise');
});

test('a wide screen shows the links and no menu button (the drawer it opened is phone-only)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeHidden();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor finds 登录 and 注册 in the top bar, without opening the menu', async ({ page }) => {
    await page.goto('/#/');
    const bar = page.locator('header.nav-bar .nav-bar__actions');
    await expect(bar.getByRole('link', { name: '登录' })).toBeVisible();
    await bar.getByRole('link', { name: '注册' }).click();
    await expect(page).toHaveURL(/#\/register$/);
    // Nothing in the bar runs off the screen at 390 px.
    const right = await page
      .locator('header.nav-bar .nav-bar__inner')
      .evaluate((inner) =>
        Math.max(...[...inner.querySelectorAll('a, button')].map((el) => el.getBoundingClientRect().right)),
      );
    expect(right).toBeLessThanOrEqual(390);
  });

  test('the drawer toggles, closes on the overlay and when a link is chosen', async ({ page }) => {
    await page.goto('/#/');
    const drawer = page.getByRole('navigation', { name: '手机导航' });
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('drawer-overlay')).toBeVisible();
    await page.getByRole('button', { name: '关闭菜单' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByTestId('drawer-overlay').click({ position: { x: 370, y: 400 } });
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: '打开菜单' }).click();
    await drawer.getByRole('link', { name: '购买' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/#\/price$/);
    await expect(page.getByRole('heading', { level: 1, name: '购买 VIP' })).toBeVisible();

    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(drawer.getByRole('link', { name: '购买' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: '登录' })).toBeVisible();

    // 智能做图's tools are a group of their own in the drawer.
    for (const [tool, url] of [
      ['换背景', /#\/background$/],
      ['批量处理', /#\/batch$/],
      ['抠图', /#\/image$/],
    ] as const) {
      if (!(await drawer.isVisible())) await page.getByRole('button', { name: '打开菜单' }).click();
      await drawer.getByRole('link', { name: tool, exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(url);
    }
  });
});

test('the theme survives a reload', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.locator('body')).toHaveClass(/__theme_default/);
  await page.getByRole('button', { name: '切换到深色主题' }).click();
  await expect(page.locator('body')).toHaveClass(/__theme_dark/);
  await expect(page.locator('body')).not.toHaveClass(/__theme_default/);
  expect(await page.evaluate(() => localStorage.getItem('themeName'))).toBe('dark');

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/__theme_dark/);
  // Retried: the background fades in, and a busy machine reads it mid-fade (rgba(15, 20, 32, 0.96)).
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 20, 32)');
  await page.getByRole('button', { name: '切换到浅色主题' }).click();
  await expect(page.locator('body')).toHaveClass(/__theme_default/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByText('页面不存在').first()).toBeVisible();
  await expect(page.getByText('没有找到「/no/such/page」')).toBeVisible();
  await page.getByRole('link', { name: '回到首页' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '跨境卖家的 AI 工具站' })).toBeVisible();
});

test('a route typed without the hash lands on the hash route', async ({ page }) => {
  await page.goto('/register?invite=AB12CD34');
  await expect(page).toHaveURL(/\/#\/register\?invite=AB12CD34$/);
  await expect(page.getByRole('heading', { level: 1, name: '注册' })).toBeVisible();
});

test('the footer shows everywhere except question, draw and invitat', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  for (const path of ['/', '/price', '/intro', '/contact']) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer).toBeVisible();
  }
  await expect(footer.getByText(E2E_SITE.icpNumber)).toBeVisible();
  await expect(footer.getByText(E2E_SITE.contactEmail)).toBeVisible();
  await expect(footer.getByRole('img', { name: '关注出海助手的二维码' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'AI 问答' })).toBeVisible();
  await expect(footer.getByRole('link', { name: '公司简介' })).toBeVisible();

  for (const path of ['/question', '/draw', '/invitat']) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer).toHaveCount(0);
  }
});

test('the cross-border tools open WIPO in a new window', async ({ page, context }) => {
  // Answered here, so the test never reaches the real sites.
  await context.route(/wipo\.int/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>WIPO</h1>' }),
  );
  await page.goto('/#/');
  await page.getByRole('button', { name: /跨境工具/ }).hover();
  // The home page's 跨境工具 card has the same links: these are the top bar's.
  const menu = page.locator('#cross-border-menu');
  const patent = menu.getByRole('link', { name: /国际专利查询/ });
  const trademark = menu.getByRole('link', { name: /国际商标查询/ });
  await expect(patent).toBeVisible();
  await expect(patent).toHaveAttribute('target', '_blank');
  await expect(trademark).toHaveAttribute('target', '_blank');
  await expect(patent).toHaveAttribute('rel', /noopener/);
  await expect(page.locator('#cross-border-menu')).toHaveCSS('opacity', '1');

  const [popup] = await Promise.all([page.waitForEvent('popup'), patent.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain('patentscope.wipo.int');
  await expect(page).toHaveURL(/#\/$/);
  await popup.close();
});

test('the cross-border menu opens from the keyboard and closes on Escape', async ({ page }) => {
  await page.goto('/#/');
  const trigger = page.getByRole('button', { name: /跨境工具/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const patent = page.locator('#cross-border-menu').getByRole('link', { name: /国际专利查询/ });
  await expect(patent).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(patent).toBeHidden();
});

test('a screen whose code fails to load after a deploy recovers on refresh', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/assets\/about-.*\.js$/, (route) => route.abort());
  // The first failure reloads the page once by itself; wait for that reload before looking.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('contentinfo').getByRole('link', { name: '关于我们' }).click();
  await reloaded;
  // The chunk is still missing after the reload, so the recovery screen stays.
  await expect(page.getByRole('button', { name: '刷新页面' })).toBeVisible();
  await page.unroute(/\/assets\/about-.*\.js$/);
  await page.getByRole('button', { name: '刷新页面' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
});

test('the home page, which loads no antd, still tells of a new build', async ({ page }) => {
  // As after a deploy: every answer says a newer build is being served.
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'x-new-build': '2099-01-01T00:00:00Z' },
    });
  });
  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1, name: '跨境卖家的 AI 工具站' })).toBeVisible();
  await expect(page.getByText('发现新版本')).toBeVisible();
  await expect(page.getByRole('button', { name: '点击刷新' })).toBeVisible();
  // The home screen stays usable under the notice, and the next screen opens as usual.
  await page.getByRole('link', { name: '开始 AI 问答' }).click();
  await expect(page).toHaveURL(/#\/question$/);
  await expect(page.getByText('今天想解决什么运营问题？')).toBeVisible();
  // The page goes on asking the server after the test ends; those answers must not reach a handler
  // whose page is already closed (route.fulfill would throw "Fetch response has been disposed").
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the home page lists the plans from product.json', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: '月度 VIP' })).toBeVisible();
  await expect(page.getByText('¥29.90')).toBeVisible();
  await expect(page.getByText('¥259.00')).toBeVisible();
});
