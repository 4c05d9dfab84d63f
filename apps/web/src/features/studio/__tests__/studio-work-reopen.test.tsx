import type { CutoutWork, MainImageReport, ReplaceWork, StudioImage } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, ok, renderWithApp } from '../../../test/render';
import { choosePicture, openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { removeBackground } from '../api/remove-background';
import { BackgroundScreen } from '../components/background-screen';
import { CutoutScreen } from '../components/cutout-screen';
import { useCutoutMemory } from '../cutout-memory';
import { type MeasuredProduct, measureCutout } from '../measure-product';

vi.mock('../api/remove-background', () => ({ removeBackground: vi.fn(), fixMainImage: vi.fn() }));
// Measuring reads pixels through a canvas, which jsdom has not: the product is given.
vi.mock('../measure-product', () => ({ measureCutout: vi.fn(), estimateFromPhoto: vi.fn() }));

const report = (marketplace: string, pass: boolean): MainImageReport => ({ marketplace, pass, rules: [] });
const picture = (id: number, ext = 'png') => ({
  id,
  url: `/files/u/1/${id}.${ext}?exp=1&sig=s`,
  width: 800,
  height: 600,
});

/** Work 5: a cut-out brushed in 修补 (cut-out 12), its TikTok main image made with 「这些都是商品」. */
const CUTOUT_WORK: CutoutWork = {
  tool: 'cutout',
  workId: 5,
  name: '保温杯.png',
  cutout: picture(12),
  touchedUp: true,
  photoUrl: '/files/u/1/12.png?exp=1&sig=s&opaque=1',
  preset: 'tiktok',
  makeMain: true,
  check: report('tiktok', false),
  main: { image: picture(13, 'jpg'), preset: 'tiktok', check: report('tiktok', true), allParts: true },
  createdAt: 1_000,
  updatedAt: 2_000,
};

/** Work 9: a 换背景 result on cut-out 12, a plain colour, 60% big, left of centre, no shadow. */
const REPLACE_WORK: ReplaceWork = {
  tool: 'replace',
  workId: 9,
  name: '保温杯.png',
  cutout: picture(12),
  touchedUp: true,
  photoUrl: '/files/u/1/12.png?exp=1&sig=s&opaque=1',
  result: picture(20, 'jpg'),
  background: { kind: 'color', color: '#DCEBFA' },
  placement: { scale: 0.6, x: 0.4, y: 0.8, shadow: false },
  createdAt: 1_000,
  updatedAt: 2_000,
};

const card = (id: number, kind: StudioImage['kind'], workId?: number): StudioImage => ({
  ...picture(id),
  kind,
  createdAt: Date.now() - id * 60_000,
  expiresAt: Date.now() + 6 * 86_400_000,
  ...(workId ? { workId } : {}),
});

let routes: Record<string, (call: FakeCall) => { status?: number; body: unknown }>;
let calls: FakeCall[];
const opened = (id: number) => calls.filter((call) => call.url === `/api/v1/studio/works/${id}`);

beforeEach(() => {
  vi.mocked(removeBackground).mockReset();
  vi.mocked(measureCutout).mockResolvedValue({
    url: '/files/u/1/12.png?exp=1&sig=s',
    width: 800,
    height: 600,
    crop: { left: 200, top: 150, width: 240, height: 160 },
    visible: { left: 200, top: 150, width: 240, height: 160 },
    base: { bottom: 159, left: 0, right: 239 },
    exact: true,
    dispose: () => {},
  } satisfies MeasuredProduct);
  useCutoutMemory.setState({ byPhoto: {}, handedOff: [] });
  routes = {
    '/api/v1/info': () => ok(null),
    '/api/v1/studio/works/5': () => ok(CUTOUT_WORK),
    '/api/v1/studio/works/9': () => ok(REPLACE_WORK),
    '/files/u/1/12.png': () => ({ body: 'jpeg bytes' }),
    '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
    '/api/mokker/category': () => ok([{ id: 'studio', name: '影棚', count: 1 }]),
    '/api/mokker/backgrounds': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
  };
  calls = openStudioAsSeller(routes, 'blob:photo');
});
afterEach(signOutOfStudio);

describe('抠图 · 继续编辑', () => {
  it('opens the work the address names (a reload) with the brushed cut-out, its photo and its main image', async () => {
    renderWithApp(<CutoutScreen />, { path: '/screen?work=5' });
    const region = screen.getByRole('region', { name: '抠图结果' });
    expect(await within(region).findByRole('img', { name: '抠图结果' })).toHaveAttribute(
      'src',
      CUTOUT_WORK.cutout.url,
    );
    // The photo under the slider is the work's, fetched as a file: 修补 and 换背景 work on it.
    expect(within(region).getByRole('img', { name: '原图' })).toHaveAttribute('src', 'blob:photo');
    expect(calls.some((call) => call.url.startsWith('/files/u/1/12.png'))).toBe(true);
    expect(within(region).getByRole('img', { name: '白底主图' })).toHaveAttribute(
      'src',
      CUTOUT_WORK.main?.image.url,
    );
    expect(screen.getByText('已选择：保温杯.png')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '主图尺寸' }).closest('.ant-select')).toHaveTextContent(
      /TikTok/,
    );
    // 换背景 will start from the brushed cut-out.
    const remembered = Object.values(useCutoutMemory.getState().byPhoto);
    expect(remembered).toEqual([{ cutout: CUTOUT_WORK.cutout, touchedUp: true }]);
    expect(within(region).getByRole('button', { name: /修补/ })).toBeEnabled();
    expect(opened(5)).toHaveLength(1);
    expect(removeBackground).not.toHaveBeenCalled();
  });

  it('names a cut-out made here in the address, without asking for it', async () => {
    vi.mocked(removeBackground).mockResolvedValue({
      workId: 6,
      cutout: picture(30),
      check: report('amazon', true),
    });
    const { router } = renderWithApp(<CutoutScreen />);
    choosePicture('杯子.png');
    await waitFor(() => expect(router.state.location.search).toBe('?work=6'));
    expect(opened(6)).toHaveLength(0);
  });

  it('offers 继续编辑 on a work’s latest pictures only, and opens it', async () => {
    routes['/api/v1/studio/images'] = () =>
      ok({
        list: [card(13, 'main', 5), card(12, 'cutout', 5), card(11, 'cutout')],
        total: 3,
        pageNo: 1,
        pageSize: 12,
      });
    const { router } = renderWithApp(<CutoutScreen />);
    const recent = await screen.findByRole('region', { name: '最近作品' });
    const edit = within(recent).getAllByRole('button', { name: /继续编辑/ });
    expect(edit).toHaveLength(2);
    fireEvent.click(edit[1] as HTMLElement);
    expect(await screen.findByRole('img', { name: '抠图结果' })).toHaveAttribute(
      'src',
      CUTOUT_WORK.cutout.url,
    );
    expect(router.state.location.search).toBe('?work=5');
  });

  it('says when the work has expired, and leaves the screen as a new one', async () => {
    routes['/api/v1/studio/works/5'] = () => ({
      status: 404,
      body: { code: 404, msg: '这次作品已过期或已删除，不能再打开', data: null },
    });
    const { router } = renderWithApp(<CutoutScreen />, { path: '/screen?work=5' });
    expect(await screen.findByText('这次作品已过期或已删除，不能再打开')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('region', { name: '抠图示例' })).toBeInTheDocument();
  });
});

describe('换背景 · 继续编辑', () => {
  it('opens the result the address names with its cut-out, background, size, position, 落脚高度 and shadow', async () => {
    renderWithApp(<BackgroundScreen />, { path: '/screen?work=9' });
    expect(await screen.findByRole('img', { name: '保温杯.png 换背景结果' })).toHaveAttribute(
      'src',
      REPLACE_WORK.result.url,
    );
    expect(screen.getByRole('button', { name: '颜色 #DCEBFA' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('大小 60%')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '左右位置' })).toHaveAttribute('aria-valuenow', '0.4');
    expect(screen.getByRole('slider', { name: '落脚高度' })).toHaveAttribute('aria-valuenow', '0.8');
    expect(screen.getByRole('switch', { name: '接触阴影' })).not.toBeChecked();
    // The preview and the next 生成 use the brushed cut-out, and 修补 opens it.
    await waitFor(() => expect(vi.mocked(measureCutout)).toHaveBeenCalledWith(REPLACE_WORK.cutout.url));
    const [key] = Object.keys(useCutoutMemory.getState().byPhoto);
    expect(key?.startsWith('保温杯.png|')).toBe(true);
    expect(useCutoutMemory.getState().byPhoto[key as string]?.touchedUp).toBe(true);
    expect(screen.getByRole('button', { name: /修补/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: '生成 1 张' })).toBeEnabled();
    expect(opened(9)).toHaveLength(1);
  });

  it('refuses a 抠图 work in the address with a pointer to where it opens', async () => {
    const { router } = renderWithApp(<BackgroundScreen />, { path: '/screen?work=5' });
    expect(await screen.findByText('这是「抠图」的作品，请在那里打开')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
