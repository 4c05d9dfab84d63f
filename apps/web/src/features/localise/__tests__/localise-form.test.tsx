import type { LocaliseCatalogue, LocaliseEstimate } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FACTS } from '../../../entities/listing/facts-form';
import { ok, renderWithApp } from '../../../test/render';
import { openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { SITES_PER_JOB } from '../choice';
import { LocaliseForm } from '../components/localise-form';
import { fakeUploads } from './fake-xhr';

const estimate = (canStart: boolean): LocaliseEstimate => ({
  sites: [{ id: 'amazon-US', name: '亚马逊 · 美国站', language: 'en' }],
  uses: [
    {
      feature: 'chat',
      name: 'AI 问答',
      unit: '次',
      need: 1,
      used: 0,
      limit: 20,
      left: 20,
      what: '每个站点的 listing（含一次修正）',
    },
    {
      feature: 'translate',
      name: '图片翻译',
      unit: '张',
      need: 2,
      used: 9,
      limit: 10,
      left: canStart ? 8 : 1,
      what: '每张含中文的详情图',
    },
  ],
  vip: false,
  canStart,
  reason: canStart ? '' : '今日免费图片翻译还剩 1 张，本次最多需要 2 张（开通 VIP 后额度更多）',
});

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
const pick = (label: string, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files } });

afterEach(signOutOfStudio);

describe('one product', () => {
  let canStart = true;
  let calls: ReturnType<typeof openStudioAsSeller>;
  beforeEach(() => {
    canStart = true;
    calls = openStudioAsSeller({
      '/api/v1/localise/estimate': () => ok(estimate(canStart)),
      '/api/v1/localise': () => ok({ job: { id: 42, status: 'running', counts: {}, stages: {} }, tasks: [] }),
    });
  });

  it('asks for the estimate once the name and the main photo are there, then starts with the photos’ ids', async () => {
    let next = 10;
    const uploads = fakeUploads({
      '/api/v1/localise/photos': () => ({ id: ++next, width: 800, height: 600 }),
    });
    const started = vi.fn();
    renderWithApp(<LocaliseForm onStarted={started} />);
    const panel = screen.getByRole('region', { name: '用量预估' });
    expect(panel).toHaveTextContent('填好商品名称、选好主图照片后');
    expect(screen.getByRole('button', { name: '开始出海' })).toBeDisabled();

    fireEvent.change(screen.getByRole('textbox', { name: '商品名称' }), { target: { value: ' 保温杯 ' } });
    pick('主图照片', [photo('main.jpg')]);
    pick('详情图', [photo('d1.jpg'), photo('d2.jpg')]);
    expect(await within(panel).findByText('AI 问答')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads[0]?.form.get('file')).toBeInstanceOf(File);

    // Each change of photos asks again; the last one carries all three.
    await waitFor(() => {
      const last = calls.filter((c) => c.url === '/api/v1/localise/estimate').at(-1);
      expect(last?.body).toEqual({
        products: [
          {
            facts: expect.objectContaining({ productName: '保温杯' }),
            mainPhotoId: 11,
            detailPhotoIds: [12, 13],
          },
        ],
        sites: ['amazon-US'],
      });
    });
    expect(within(panel).getByText('今日剩余 8/10 张')).toBeInTheDocument();
    const start = screen.getByRole('button', { name: '开始出海' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    fireEvent.click(start);
    await waitFor(() => expect(started).toHaveBeenCalledWith(42));
    const starts = () => calls.filter((c) => c.url === '/api/v1/localise' && c.method === 'POST');
    const first = starts()[0]?.body as { startKey: string };
    expect(first).toMatchObject({ sites: ['amazon-US'], startKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // A double click may reach the server twice, with one key: the server answers one job.
    for (const call of starts()) expect((call.body as { startKey: string }).startKey).toBe(first.startKey);
    const sent = starts().length;

    // While the job it started runs, the same form cannot start it again.
    expect(start).toBeDisabled();
    expect(screen.getByText(/这些商品和站点的任务正在进行/)).toBeInTheDocument();
    fireEvent.click(start);
    expect(starts()).toHaveLength(sent);

    // Another product is another job, with a key of its own.
    fireEvent.change(screen.getByRole('textbox', { name: '商品名称' }), { target: { value: '保温杯 大号' } });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    await waitFor(() => expect(starts()).toHaveLength(sent + 1));
    const latest = starts().at(-1)?.body as { startKey: string } | undefined;
    expect(latest?.startKey).toMatch(/^[0-9a-f]{32}$/);
    expect(latest?.startKey).not.toBe(first.startKey);
  });

  it('says why it cannot start and keeps 开始 disabled when today’s uses fall short', async () => {
    canStart = false;
    fakeUploads({ '/api/v1/localise/photos': () => ({ id: 5, width: 800, height: 600 }) });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: '商品名称' }), { target: { value: '保温杯' } });
    pick('主图照片', [photo('main.jpg')]);
    expect(await screen.findByText('现在不能开始')).toBeInTheDocument();
    expect(screen.getByText(/今日免费图片翻译还剩 1 张，本次最多需要 2 张/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开通 VIP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始出海' })).toBeDisabled();
  });

  it('no site chosen: nothing is estimated', async () => {
    fakeUploads({ '/api/v1/localise/photos': () => ({ id: 5, width: 800, height: 600 }) });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: '商品名称' }), { target: { value: '保温杯' } });
    pick('主图照片', [photo('main.jpg')]);
    await screen.findByRole('img', { name: 'main.jpg' });
    fireEvent.click(screen.getByRole('checkbox', { name: '亚马逊 美国站' }));
    expect(screen.getByRole('region', { name: '用量预估' })).toHaveTextContent('至少选一个站点');
  });

  it('more sites than one job takes (东南亚 and 欧洲): says so instead of asking, until some are unticked in the estimate', async () => {
    fakeUploads({ '/api/v1/localise/photos': () => ({ id: 5, width: 800, height: 600 }) });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: '商品名称' }), { target: { value: '保温杯' } });
    pick('主图照片', [photo('main.jpg')]);
    await screen.findByRole('img', { name: 'main.jpg' });
    const panel = screen.getByRole('region', { name: '用量预估' });
    expect(await within(panel).findByText('AI 问答')).toBeInTheDocument();
    const asked = () => calls.filter((c) => c.url === '/api/v1/localise/estimate');

    const regions = screen.getByRole('group', { name: '按地区选站点' });
    fireEvent.click(within(regions).getByRole('button', { name: /东南亚/ }));
    fireEvent.click(within(regions).getByRole('button', { name: /欧洲/ }));
    // Amazon US, 18 sites in Southeast Asia, 13 in Europe.
    expect(panel).toHaveTextContent(`一次最多 ${SITES_PER_JOB} 个站点，现在选了 32 个`);
    expect(screen.getByRole('button', { name: '开始出海' })).toBeDisabled();
    // The server is never asked about more sites than it takes (it would answer 「参数 sites 最多 20 项」).
    const sent = () => asked().map((c) => (c.body as { sites: string[] }).sites.length);
    expect(Math.max(...sent())).toBeLessThanOrEqual(SITES_PER_JOB);
    const before = asked().length;
    // 32 sites read under their marketplaces: 「TikTok Shop」 once, then each site by its name.
    expect(within(panel).getAllByText('TikTok Shop')).toHaveLength(1);
    expect(
      within(panel).getByRole('checkbox', { name: 'TikTok Shop · 印尼站' }).closest('label'),
    ).toHaveTextContent(/^印尼站$/);

    // Europe but eBay 德国站 taken out in the estimate: 20 left, as many as one job takes, asked for.
    for (const name of [
      '亚马逊 · 英国站',
      '亚马逊 · 德国站',
      '亚马逊 · 法国站',
      '亚马逊 · 意大利站',
      '亚马逊 · 西班牙站',
      '亚马逊 · 荷兰站',
      '亚马逊 · 波兰站',
      '亚马逊 · 瑞典站',
      'TikTok Shop · 英国站',
      'Temu · 英国站',
      'Temu · 德国站',
      'eBay · 英国站',
    ])
      fireEvent.click(within(panel).getByRole('checkbox', { name }));
    await waitFor(() => expect(asked()).toHaveLength(before + 1));
    expect(panel).not.toHaveTextContent('一次最多');
    expect(sent().at(-1)).toBe(SITES_PER_JOB);
  });
});

describe('a catalogue', () => {
  const catalogue: LocaliseCatalogue = {
    products: [
      {
        code: 'A1',
        facts: { ...EMPTY_FACTS, productName: '保温杯' },
        mainPhotoId: 21,
        detailPhotoIds: [22],
        mainPhotoUrl: '/files/u/1/localise-photo/a1.jpg?exp=1&sig=s',
      },
    ],
    refused: [{ row: 3, code: 'B2', reason: '照片 ZIP 里没有 B2.jpg（主图）' }],
    ignoredPhotos: [{ name: 'notes.txt', reason: '不是图片' }],
  };

  // What the estimate and the job are sent: the product without its thumbnail's link.
  const { mainPhotoUrl: _, ...sentProduct } = catalogue.products[0] as LocaliseCatalogue['products'][number];

  it('sends the sheet and the ZIP, lists the products taken with their main photos and names each refused row; the estimate is for the products taken', async () => {
    const calls = openStudioAsSeller({ '/api/v1/localise/estimate': () => ok(estimate(true)) });
    const uploads = fakeUploads({ '/api/v1/localise/catalogue': () => catalogue });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.click(screen.getByText('商品目录'));
    const read = screen.getByRole('button', { name: '上传并读取目录' });
    expect(read).toBeDisabled();
    pick('选择商品表格', [new File(['编码,商品名称'], 'products.csv', { type: 'text/csv' })]);
    pick('选择照片 ZIP 或图片', [
      new File([new Uint8Array([80, 75])], 'photos.zip', { type: 'application/zip' }),
    ]);
    fireEvent.click(read);

    const result = await screen.findByRole('region', { name: '读取结果' });
    expect(result).toHaveTextContent('可以处理 1 个商品，1 行没有收（不扣次数）');
    expect(result).toHaveTextContent('A1保温杯主图 1 张 · 详情图 1 张');
    expect(within(result).getByRole('img', { name: '保温杯 的主图' })).toHaveAttribute(
      'src',
      '/files/u/1/localise-photo/a1.jpg?exp=1&sig=s',
    );
    expect(within(result).getByText('第 3 行（B2）：照片 ZIP 里没有 B2.jpg（主图）')).toBeInTheDocument();
    expect(within(result).getByText('「notes.txt」不是图片')).toBeInTheDocument();
    expect(uploads[0]?.url).toBe('/api/v1/localise/catalogue');
    expect((uploads[0]?.form.get('sheet') as File | undefined)?.name).toBe('products.csv');
    expect((uploads[0]?.form.get('photos') as File | undefined)?.name).toBe('photos.zip');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/localise/estimate')?.body).toEqual({
        // The thumbnail's link stays on the page.
        products: [sentProduct],
        sites: ['amazon-US'],
      }),
    );
  });

  it('the photos may be many pictures instead of a ZIP: each is sent as a photos part of its own, after the sheet', async () => {
    openStudioAsSeller({ '/api/v1/localise/estimate': () => ok(estimate(true)) });
    const uploads = fakeUploads({ '/api/v1/localise/catalogue': () => catalogue });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.click(screen.getByText('商品目录'));
    pick('选择商品表格', [new File(['编码,商品名称'], 'products.csv', { type: 'text/csv' })]);
    pick('选择照片 ZIP 或图片', [photo('A1.jpg'), photo('A1-1.jpg'), photo('B2.jpg')]);
    expect(screen.getByText('3 张照片')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '上传并读取目录' }));
    await screen.findByRole('region', { name: '读取结果' });
    const form = uploads[0]?.form as FormData;
    expect([...form.keys()]).toEqual(['sheet', 'photos', 'photos', 'photos']);
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['A1.jpg', 'A1-1.jpg', 'B2.jpg']);
  });

  it('today’s uses do not cover it: the seller unticks a product and a site in the estimate, the estimate is asked again, 开始出海 starts only those', async () => {
    const two: LocaliseCatalogue = {
      ...catalogue,
      products: [
        ...catalogue.products,
        {
          ...(catalogue.products[0] as LocaliseCatalogue['products'][number]),
          code: 'C3',
          mainPhotoId: 31,
          detailPhotoIds: [],
        },
      ],
    };
    const calls = openStudioAsSeller({
      '/api/v1/localise/estimate': (call) => {
        const body = call.body as { products: unknown[]; sites: string[] };
        return ok(estimate(body.products.length * body.sites.length <= 1));
      },
      '/api/v1/localise': () => ok({ job: { id: 7, status: 'running', counts: {}, stages: {} }, tasks: [] }),
    });
    fakeUploads({ '/api/v1/localise/catalogue': () => two });
    renderWithApp(<LocaliseForm onStarted={vi.fn()} />);
    fireEvent.click(screen.getByText('商品目录'));
    pick('选择商品表格', [new File(['编码,商品名称'], 'products.csv', { type: 'text/csv' })]);
    pick('选择照片 ZIP 或图片', [
      new File([new Uint8Array([80, 75])], 'photos.zip', { type: 'application/zip' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: '上传并读取目录' }));
    await screen.findByRole('region', { name: '读取结果' });
    fireEvent.click(screen.getByRole('checkbox', { name: '亚马逊 德国站' }));

    const panel = screen.getByRole('region', { name: '用量预估' });
    expect(await within(panel).findByText('现在不能开始')).toBeInTheDocument();
    expect(panel).toHaveTextContent('2 个商品 × 2 个站点');
    expect(panel).toHaveTextContent('可以在上面取消勾选一些商品或站点');
    const start = screen.getByRole('button', { name: '开始出海' });
    expect(start).toBeDisabled();

    fireEvent.click(within(panel).getByRole('checkbox', { name: '亚马逊 · 美国站' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'C3 保温杯' }));
    expect(within(panel).getByRole('checkbox', { name: '全选站点' })).not.toBeChecked();
    await waitFor(() => expect(panel).toHaveTextContent('1 个商品 × 1 个站点'));
    await waitFor(() => expect(start).toBeEnabled());
    // Its names are the report's (「亚马逊 · 美国站」), apart from step 2's boxes.
    expect(screen.getAllByRole('checkbox', { name: /亚马逊 美国站/ })).toHaveLength(1);
    const estimates = calls.filter((c) => c.url === '/api/v1/localise/estimate');
    expect(estimates.at(-1)?.body).toEqual({ products: [sentProduct], sites: ['amazon-DE'] });
    fireEvent.click(start);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/localise' && c.method === 'POST')?.body).toMatchObject({
        products: [sentProduct],
        sites: ['amazon-DE'],
      }),
    );

    // Everything of a kind taken out: nothing to estimate, and 全选 puts it all back.
    fireEvent.click(within(panel).getByRole('checkbox', { name: '亚马逊 · 德国站' }));
    expect(panel).toHaveTextContent('至少选一个站点');
    expect(start).toBeDisabled();
    fireEvent.click(within(panel).getByRole('checkbox', { name: '全选站点' }));
    await waitFor(() => expect(panel).toHaveTextContent('1 个商品 × 2 个站点'));
  });
});
