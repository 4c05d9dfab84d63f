import type { LocaliseJobDetail, LocaliseTask } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { estimateQueryOptions } from '../api/get-estimate';
import { LocaliseJobView } from '../components/job-view';

const task = (over: Partial<LocaliseTask>): LocaliseTask => ({
  id: 1,
  product: 0,
  productName: '保温杯',
  productCode: 'A1',
  site: 'amazon-US',
  siteName: '亚马逊 · 美国站',
  language: 'en',
  status: 'done',
  stage: null,
  reason: '',
  ready: true,
  fixed: false,
  listing: { title: 'Insulated Bottle', bullets: [], description: '', searchTerms: '' },
  rules: [
    {
      scope: 'listing',
      place: '标题',
      ruleId: 'amazon.title.length',
      level: 'required',
      pass: true,
      message: '标题 62 个字符',
      todo: '',
    },
  ],
  glossaryMisses: [],
  charged: { chat: 1, cutout: 1 },
  listingId: 31,
  mainImageUrl: '/files/l/1-main.jpg?exp=1&sig=a',
  pictures: [
    { index: 1, url: '/files/l/1-1.png?exp=1&sig=b', translated: true, documentId: 77 },
    { index: 2, url: '/files/l/1-2.png?exp=1&sig=c', translated: false, documentId: null },
  ],
  ...over,
});

const tasks: LocaliseTask[] = [
  task({}),
  task({
    id: 2,
    site: 'amazon-DE',
    siteName: '亚马逊 · 德国站',
    language: 'de',
    ready: false,
    listingId: 32,
    rules: [
      {
        scope: 'listing',
        place: '标题',
        ruleId: 'amazon.title.chars',
        level: 'required',
        pass: false,
        message: '标题含有 !',
        todo: '去掉标题里的 !',
      },
      {
        scope: 'picture',
        place: '详情图 1',
        ruleId: 'no-chinese',
        level: 'required',
        pass: true,
        message: '没有残留中文',
        todo: '',
      },
    ],
    glossaryMisses: [{ place: 'listing 标题', source: '出海牌', expected: 'Chuhai' }],
  }),
  task({
    id: 3,
    site: 'shopee-SG',
    siteName: 'Shopee · 新加坡站',
    status: 'failed',
    ready: null,
    reason: 'AI 服务暂时不可用，请稍后再试',
    listing: null,
    rules: [],
    charged: {},
    listingId: null,
    mainImageUrl: null,
    pictures: [],
  }),
  task({
    id: 4,
    product: 1,
    productCode: 'B2',
    productName: '水壶',
    status: 'paused',
    ready: null,
    reason: '今日免费图片翻译已用完',
    listing: null,
    rules: [],
    listingId: null,
    mainImageUrl: null,
    pictures: [],
  }),
];

const detail = (status: LocaliseJobDetail['job']['status']): LocaliseJobDetail => ({
  job: {
    id: 9,
    status,
    title: '保温杯等 2 个商品',
    products: 2,
    sites: ['amazon-US', 'amazon-DE', 'shopee-SG'],
    total: 4,
    counts: { done: 2, failed: 1, paused: 1 },
    stages: status === 'running' ? { pictures: 1 } : {},
    ready: 1,
    createdAt: Date.UTC(2026, 10, 27),
    endedAt: null,
    expiresAt: Date.UTC(2026, 11, 4),
  },
  tasks,
});

/** A figure of today's uses somewhere else on the page. */
function UsesLeft() {
  const chat = useAccountInfo().data?.usage.find((u) => u.feature === 'chat');
  return chat ? (
    <p>
      今日剩余 {chat.limit - chat.used}/{chat.limit}
    </p>
  ) : null;
}

afterEach(signOutOfStudio);

describe('an 一键出海 job', () => {
  it('shows the counts, why it paused, and 继续 resumes it', async () => {
    let current = detail('paused');
    const calls = openStudioAsSeller({
      '/api/v1/localise/9': () => ok(current),
      '/api/v1/localise/9/resume': () => {
        current = detail('running');
        return ok(current);
      },
    });
    renderWithApp(<LocaliseJobView id={9} />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      '共 4 个（2 个商品 × 3 个站点）：完成 2（可以上架 1），已暂停 1，失败 1',
    );
    expect(screen.getByText(/今日免费图片翻译已用完。已完成的站点现在就可以下载/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /暂\s*停/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /继\s*续/ }));
    expect(await screen.findByRole('button', { name: /暂\s*停/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/localise/9/resume' && c.method === 'POST')).toBe(true);
    // Running: what the tasks are doing now, by stage.
    expect(within(screen.getByRole('list', { name: '正在做' })).getByText('翻译详情图')).toBeInTheDocument();
  });

  it('paused by the seller: says how to go on, not 「已暂停」 again under the tag that says it', async () => {
    screenWidth(1440);
    const sellerPaused = task({
      id: 4,
      status: 'paused',
      ready: null,
      reason: '已暂停',
      listing: null,
      rules: [],
    });
    openStudioAsSeller({
      '/api/v1/localise/9': () =>
        ok({
          ...detail('paused'),
          job: { ...detail('paused').job, counts: { paused: 1 } },
          tasks: [sellerPaused],
        }),
    });
    renderWithApp(<LocaliseJobView id={9} />);
    expect(await screen.findByText(/点「继续」接着做/)).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: '出海报告' })).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByText('已暂停')).toHaveLength(1);
  });

  it('the report marks what is ready, names the failing 必须 rule with what to do, the 术语表 miss and why one failed', async () => {
    screenWidth(1440);
    openStudioAsSeller({ '/api/v1/localise/9': () => ok(detail('done')) });
    renderWithApp(<LocaliseJobView id={9} />);
    const report = await screen.findByRole('table', { name: '出海报告' });
    const row = (site: string, product = '保温杯') =>
      within(report)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(site) && r.textContent.includes(product)) as HTMLElement;
    expect(row('美国站')).toHaveTextContent('可以上架');
    expect(row('美国站')).toHaveTextContent('必须规则全部通过');
    const german = row('德国站');
    expect(german).toHaveTextContent('不能上架');
    expect(german).toHaveTextContent('必须标题：标题含有 !');
    expect(german).toHaveTextContent('怎么办：去掉标题里的 !');
    expect(german).toHaveTextContent('术语表listing 标题：「出海牌」应写作「Chuhai」');
    expect(row('新加坡站')).toHaveTextContent('失败');
    expect(row('新加坡站')).toHaveTextContent('AI 服务暂时不可用，请稍后再试');
    expect(row('美国站', '水壶')).toHaveTextContent('已暂停');

    // Each opens where it is finished by hand.
    expect(within(german).getByRole('link', { name: /打开 listing/ })).toHaveAttribute(
      'href',
      '/listing?listing=32',
    );
    const us = row('美国站');
    expect(within(us).getByRole('link', { name: /详情图 1/ })).toHaveAttribute(
      'href',
      '/translate?translation=77',
    );
    expect(within(us).getByRole('link', { name: /详情图 2（无中文）/ })).toHaveAttribute(
      'href',
      '/files/l/1-2.png?exp=1&sig=c',
    );
    expect(within(us).getByRole('link', { name: /主图/ })).toHaveAttribute(
      'href',
      '/files/l/1-main.jpg?exp=1&sig=a',
    );
  });

  it('on a phone: a card per product × site instead of a table', async () => {
    screenWidth(390);
    openStudioAsSeller({ '/api/v1/localise/9': () => ok(detail('done')) });
    renderWithApp(<LocaliseJobView id={9} />);
    const cards = await screen.findByRole('list', { name: '出海报告' });
    expect(screen.queryByRole('table')).toBeNull();
    const german = within(cards).getByRole('listitem', { name: '保温杯 · 亚马逊 · 德国站' });
    expect(german).toHaveTextContent('不能上架');
    expect(german).toHaveTextContent('怎么办：去掉标题里的 !');
  });

  it('a ready site still says which Chinese stayed on a picture on purpose and which watermark was erased', async () => {
    screenWidth(1440);
    const picture = (ruleId: string, message: string) => ({
      scope: 'picture',
      place: '详情图 1',
      ruleId,
      level: 'recommended' as const,
      pass: false,
      message,
      todo: '在图片翻译编辑器里打开这张图核对',
    });
    const kept = task({
      rules: [
        {
          ...picture('picture.residual', '没有残留中文（商品上印的字按原样保留，另列）'),
          level: 'required',
          pass: true,
          todo: '',
        },
        picture('picture.kept', '商品上印的中文按原样保留 1 处：「合格证」'),
        picture('picture.shop-mark', '别家店铺的水印或网址已擦除、没有画译文 1 处：「小晶晶母婴旗舰店」'),
        picture('picture.overflow', '1 处译文超出原位置'),
      ],
    });
    openStudioAsSeller({ '/api/v1/localise/9': () => ok({ ...detail('done'), tasks: [kept] }) });
    renderWithApp(<LocaliseJobView id={9} />);
    const report = await screen.findByRole('table', { name: '出海报告' });
    const row = within(report).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('可以上架');
    expect(row).toHaveTextContent('核对详情图 1：商品上印的中文按原样保留 1 处：「合格证」');
    expect(row).toHaveTextContent(
      '详情图 1：别家店铺的水印或网址已擦除、没有画译文 1 处：「小晶晶母婴旗舰店」',
    );
    // Only the overflow is left to the count of other warnings.
    expect(row).toHaveTextContent('另有 1 条建议规则未通过');
    expect(row).not.toHaveTextContent('必须规则全部通过');
  });

  it('a picture delivered untranslated because its Chinese is slanted is not labelled 「无中文」', async () => {
    screenWidth(1440);
    const slanted = task({
      ready: false,
      rules: [
        {
          scope: 'picture',
          place: '详情图 2',
          ruleId: 'picture.residual',
          level: 'required',
          pass: false,
          message: '图上的中文是斜着排的，没能翻译，原图放入结果',
          todo: '把图片转正（文字水平）后重新出海，或换掉这张详情图',
        },
      ],
    });
    openStudioAsSeller({ '/api/v1/localise/9': () => ok({ ...detail('done'), tasks: [slanted] }) });
    renderWithApp(<LocaliseJobView id={9} />);
    const report = await screen.findByRole('table', { name: '出海报告' });
    const row = within(report).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('不能上架');
    expect(within(row).getByRole('link', { name: /详情图 2（没能翻译，原图）/ })).toHaveAttribute(
      'href',
      '/files/l/1-2.png?exp=1&sig=c',
    );
    expect(row).not.toHaveTextContent('无中文');
  });

  it('a check that could not tell says so, and 「我已核对」 confirms it: the site becomes 可以上架', async () => {
    screenWidth(1440);
    const unsure = {
      scope: 'listing',
      place: '全文',
      ruleId: 'listing.language',
      level: 'required' as const,
      pass: false,
      message: '内容太少，无法判断是不是英语',
      todo: '在 Listing 工作台打开核对语言，是站点的语言就点「我已核对」',
      unsure: true,
    };
    const confirmed = { ...unsure, pass: true, confirmed: true, message: '卖家已核对：是英语', todo: '' };
    let current = { ...detail('done'), tasks: [task({ ready: false, rules: [unsure] })] };
    const calls = openStudioAsSeller({
      '/api/v1/localise/9': () => ok(current),
      '/api/v1/localise/9/tasks/1/confirm': () => {
        current = { ...current, tasks: [task({ ready: true, rules: [confirmed] })] };
        return ok(current);
      },
    });
    renderWithApp(<LocaliseJobView id={9} />);
    const report = await screen.findByRole('table', { name: '出海报告' });
    const row = () => within(report).getAllByRole('row')[1] as HTMLElement;
    expect(row()).toHaveTextContent('不能上架');
    expect(row()).toHaveTextContent('无法判断全文：内容太少，无法判断是不是英语');
    fireEvent.click(within(row()).getByRole('button', { name: '我已核对亚马逊 · 美国站的全文' }));
    await waitFor(() => expect(row()).toHaveTextContent('可以上架'));
    const sent = calls.find((c) => c.url === '/api/v1/localise/9/tasks/1/confirm');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ ruleId: 'listing.language', place: '全文' });
    expect(within(row()).queryByRole('button', { name: /我已核对/ })).toBeNull();
  });

  it('下载 ZIP goes to the signed link', async () => {
    openStudioAsSeller({
      '/api/v1/localise/9': () => ok(detail('done')),
      '/api/v1/localise/9/download': () => ok({ url: '/localise-results/9.zip?exp=1&sig=z' }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithApp(<LocaliseJobView id={9} />);
    fireEvent.click(await screen.findByRole('button', { name: /下载 ZIP/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/localise-results/9.zip?exp=1&sig=z'));
  });

  it("as the job delivers, today's uses on the page drop and the 用量 estimate is asked again, without a reload", async () => {
    let used = 0;
    const running = detail('running');
    let current: LocaliseJobDetail = { ...running, job: { ...running.job, counts: {} } };
    openStudioAsSeller({
      '/api/v1/localise/9': () => ok(current),
      '/api/v1/info': () => ok({ usage: [{ feature: 'chat', name: 'AI 问答', used, limit: 20 }] }),
    });
    const { queryClient } = renderWithApp(
      <>
        <LocaliseJobView id={9} />
        <UsesLeft />
      </>,
    );
    expect(await screen.findByText('今日剩余 20/20')).toBeInTheDocument();
    const estimate = estimateQueryOptions(null);
    await queryClient.prefetchQuery({ ...estimate, queryFn: async () => ({}) as never });

    // The server charged 3 listings as the job delivered them; the next poll sees it done.
    used = 3;
    current = detail('done');
    expect(await screen.findByText('今日剩余 17/20', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(queryClient.getQueryState(estimate.queryKey)?.isInvalidated).toBe(true);
  });
});

describe('a long report (a catalogue to many sites)', () => {
  // 3 products × 4 sites: one 不能上架 and one 失败 among twelve.
  const many = Array.from({ length: 12 }, (_, i) =>
    i === 5
      ? { ...tasks[1], id: 6 }
      : i === 9
        ? { ...tasks[2], id: 10 }
        : task({ id: i + 1, productName: `商品${i + 1}` }),
  ) as LocaliseTask[];
  const long = (): LocaliseJobDetail => ({
    ...detail('done'),
    job: { ...detail('done').job, total: 12, counts: { done: 11, failed: 1 }, ready: 10 },
    tasks: many,
  });

  it('at 1440, 要处理 shows only what is 不能上架 or 失败; 全部 shows every row again', async () => {
    screenWidth(1440);
    openStudioAsSeller({ '/api/v1/localise/9': () => ok(long()) });
    renderWithApp(<LocaliseJobView id={9} />);
    const report = await screen.findByRole('table', { name: '出海报告' });
    const rows = () =>
      within(report)
        .getAllByRole('row')
        .filter((row) => within(row).queryAllByRole('cell').length > 0);
    expect(rows()).toHaveLength(12);
    fireEvent.click(screen.getByText('要处理 2'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('不能上架');
    expect(rows()[1]).toHaveTextContent('失败');
    fireEvent.click(screen.getByText('全部 12'));
    await waitFor(() => expect(rows()).toHaveLength(12));
  });

  it('on a phone, the same as cards', async () => {
    screenWidth(390);
    openStudioAsSeller({ '/api/v1/localise/9': () => ok(long()) });
    renderWithApp(<LocaliseJobView id={9} />);
    // The cards, not the problems listed inside them.
    const cards = async () => (await screen.findByRole('list', { name: '出海报告' })).children;
    expect(await cards()).toHaveLength(12);
    fireEvent.click(screen.getByText('要处理 2'));
    await waitFor(async () => expect(await cards()).toHaveLength(2));
  });

  it('a short one, or one with nothing to do, offers no filter', async () => {
    screenWidth(1440);
    openStudioAsSeller({
      '/api/v1/localise/9': () =>
        ok({ ...long(), tasks: many.map((t) => ({ ...t, status: 'done', ready: true })) }),
    });
    renderWithApp(<LocaliseJobView id={9} />);
    await screen.findByRole('table', { name: '出海报告' });
    expect(screen.queryByText(/^要处理 \d+$/)).toBeNull();
  });
});
