import type { AdminLibraryCategory, AdminPlan, Announcement, RedeemBatch } from '@chuhai/contract';
import { type ByRoleMatcher, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOperator } from '../../../test/operator';
import { MONTH_PLAN } from '../../../test/plans';
import { ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { SELLER_PHONE, signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

// Every change in these four pages is `requireAdmin` / `requireMoneyAuth` on the server: 客服 who
// filled in a form (code and all) was answered 只有管理员可以进行这项操作.

const at = Date.now();
const plan: AdminPlan = { ...MONTH_PLAN, benefits: ['AI 问答每日 300 次'], enabled: true, sortOrder: 10 };
const limits = {
  free: { chat: 20, draw: 2, cutout: 10, replace: 5, translate: 5 },
  vip: { chat: 300, draw: 50, cutout: 300, replace: 200, translate: 200 },
};
const batch: RedeemBatch = {
  id: 1,
  name: '双十一直播间',
  planId: null,
  days: 7,
  count: 10,
  redeemed: 3,
  expiresAt: at + 30 * 86_400_000,
  perUserLimit: 1,
  disabled: false,
  createdAt: at,
};
const announcement: Announcement = {
  id: 1,
  title: '春节客服时间',
  body: '',
  place: 'bar',
  startsAt: at - 86_400_000,
  endsAt: at + 86_400_000,
};
const library: AdminLibraryCategory[] = [
  {
    id: 'listing',
    name: 'Listing 优化',
    enabled: true,
    sortOrder: 10,
    prompts: [
      {
        id: 'title',
        categoryId: 'listing',
        title: '标题改写',
        summary: '按平台规则改写标题',
        prompt: '你是亚马逊运营专家',
        enabled: true,
        sortOrder: 10,
      },
    ],
  },
];

type Control = [role: ByRoleMatcher, name: string | RegExp];

/** Each page, a text that says it has loaded, what opens the list (提示词库's category) and its changes. */
const PAGES: {
  page: string;
  path: string;
  loaded: string | RegExp;
  open?: string;
  controls: Control[];
}[] = [
  {
    page: '套餐与额度',
    path: '/admin/plans',
    loaded: '每日次数',
    controls: [
      ['button', '新增套餐'],
      ['button', '编辑月度 VIP'],
      ['spinbutton', /每日次数$/],
      ['button', '保存每日次数'],
    ],
  },
  {
    page: '兑换码',
    path: '/admin/redeem',
    loaded: /3 \/ 10$/,
    controls: [
      ['button', '生成兑换码'],
      ['button', /^停\s*用$/],
    ],
  },
  {
    page: '公告',
    path: '/admin/announcements',
    loaded: '顶部通知条',
    controls: [
      ['button', '发布公告'],
      ['button', '编辑公告春节客服时间'],
      ['button', '删除公告春节客服时间'],
    ],
  },
  {
    page: '提示词库',
    path: '/admin/library',
    loaded: '标题改写',
    open: 'Listing 优化',
    controls: [
      ['button', '新增提示词'],
      ['button', '编辑标题改写'],
      ['button', /^删\s*除$/],
    ],
  },
];

/** The console as `role` on `path`, `width` px wide, with one of each thing the four pages list. */
async function openAs(role: 'admin' | 'support', page: (typeof PAGES)[number], width: number) {
  screenWidth(width);
  signInOperator({
    '/api/admin/me': () => ok({ userId: 9, phone: SELLER_PHONE, role, totpBound: true }),
    '/api/admin/plans': () => ok([plan]),
    '/api/v1/limits': () => ok(limits),
    '/api/v1/offer': () =>
      ok({
        advancedModel: true,
        features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
      }),
    '/api/admin/redeem-batches': () => ok({ list: [batch], total: 1, pageNo: 1, pageSize: 20 }),
    '/api/admin/announcements': () => ok([announcement]),
    '/api/admin/library': () => ok(library),
  });
  renderWithApp(<AdminConsole />, { path: page.path, route: '/admin/*' });
  if (page.open) fireEvent.click(await screen.findByText(page.open));
  expect((await screen.findAllByText(page.loaded))[0]).toBeInTheDocument();
}

describe('运营后台 · 客服只读：套餐、兑换码、公告、提示词库', () => {
  afterEach(signOut);

  for (const width of [1440, 390])
    for (const page of PAGES) {
      it(`${width} px · ${page.page}: an admin has every change`, async () => {
        await openAs('admin', page, width);
        for (const [role, name] of page.controls)
          expect(screen.getAllByRole(role, { name }).length, `${role} ${name}`).toBeGreaterThan(0);
        expect(screen.queryByText('只有管理员可以修改')).toBeNull();
      });

      it(`${width} px · ${page.page}: 客服 reads it with none of them, told only an admin changes it`, async () => {
        await openAs('support', page, width);
        for (const [role, name] of page.controls)
          expect(screen.queryAllByRole(role, { name }), `${role} ${name}`).toHaveLength(0);
        expect(screen.getByText('只有管理员可以修改')).toBeInTheDocument();
      });
    }

  it('shows 客服 the daily limits as numbers, not inputs', async () => {
    await openAs('support', PAGES[0] as (typeof PAGES)[number], 1440);
    const vipChat = await screen.findByRole('row', { name: /AI 问答/ });
    expect(vipChat).toHaveTextContent('20');
    expect(vipChat).toHaveTextContent('300');
  });
});
