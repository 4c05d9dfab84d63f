import type { ReplaceResult } from '@chuhai/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { BackgroundScreen } from '../components/background-screen';
import { previewLayout } from '../components/placement-preview';
import { useCutoutMemory } from '../cutout-memory';
import { estimateFromPhoto, type MeasuredProduct, measureCutout } from '../measure-product';

// Measuring reads pixels through a canvas, which jsdom has not: the product is given.
vi.mock('../measure-product', () => ({ measureCutout: vi.fn(), estimateFromPhoto: vi.fn() }));
vi.mock('../../../lib/upload', () => ({ uploadForm: vi.fn(), uploadFormWithEvents: vi.fn() }));

/** A 200×400 product in a 800×800 picture, standing on its whole width. */
const product = (exact: boolean): MeasuredProduct => ({
  url: exact ? '/files/u/1/7.png?sig=s' : 'blob:estimate',
  width: 800,
  height: 800,
  crop: { left: 300, top: 200, width: 200, height: 400 },
  visible: { left: 300, top: 200, width: 200, height: 400 },
  base: { bottom: 399, left: 0, right: 199 },
  exact,
  dispose: () => {},
});

const CUTOUT = { id: 7, url: '/files/u/1/7.png?sig=s', width: 800, height: 800 };
const sent = vi.mocked(uploadForm);
/** The form of the `n`th request sent. */
const formOf = (n: number) => sent.mock.calls[n]?.[1] as FormData;
let calls: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.mocked(measureCutout).mockResolvedValue(product(true));
  vi.mocked(estimateFromPhoto).mockResolvedValue(product(false));
  sent.mockReset();
  useCutoutMemory.setState({ byPhoto: {}, handedOff: [] });
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  useAuthStore.getState().signIn('tok-1', { username: '13812345678', phone: '13812345678' });
  calls = fakeApi({
    '/api/v1/info': () => ok(null),
    '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
    '/api/mokker/category': () => ok([{ id: 'studio', name: '影棚', count: 1 }]),
    '/api/mokker/backgrounds': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
  });
});

afterEach(() => {
  useAuthStore.getState().clear();
  vi.unstubAllGlobals();
});

const photo = () => new File(['x'], '杯子.jpg', { type: 'image/jpeg', lastModified: 1 });

async function choose(file = photo()) {
  renderWithApp(<BackgroundScreen />);
  fireEvent.change(screen.getByLabelText('选择图片'), { target: { files: [file] } });
  return screen.findByTestId('preview-product');
}

describe('换背景 preview', () => {
  it('shows a thumbnail of the chosen photo and places the product at once', async () => {
    const layer = await choose();
    expect(screen.getByRole('img', { name: '杯子.jpg 缩略图' })).toBeTruthy();
    // Default placement: 70% of the frame tall, centred, standing at 85%.
    expect(Number.parseFloat(layer.style.height)).toBeCloseTo(70);
    expect(Number.parseFloat(layer.style.top)).toBeCloseTo(15);
    expect(screen.getByText(/还没有抠图：预览按照片颜色估计商品轮廓/)).toBeTruthy();
  });

  it('moves with a slider without any request and without charging', async () => {
    const layer = await choose();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const before = calls.length;
    const top = layer.style.top;
    const slider = screen.getByRole('slider', { name: '落脚高度' });
    act(() => {
      slider.focus();
    });
    fireEvent.keyDown(slider, { key: 'ArrowLeft', keyCode: 37, which: 37 });
    fireEvent.keyDown(slider, { key: 'ArrowLeft', keyCode: 37, which: 37 });
    await waitFor(() => expect(layer.style.top).not.toBe(top));
    const size = screen.getByRole('slider', { name: '商品大小' });
    const height = layer.style.height;
    fireEvent.keyDown(size, { key: 'ArrowRight', keyCode: 39, which: 39 });
    await waitFor(() => expect(layer.style.height).not.toBe(height));
    fireEvent.click(screen.getByRole('switch', { name: '接触阴影' }));
    expect(screen.queryByTestId('preview-shadow')).toBeNull();
    expect(calls.length).toBe(before);
    expect(sent).not.toHaveBeenCalled();
  });

  it('starts from the seller’s brushed cut-out instead of uploading the photo to cut it again', async () => {
    const file = photo();
    useCutoutMemory.getState().remember(file, CUTOUT, true);
    await choose(file);
    expect(screen.getByText('用修补后的抠图')).toBeTruthy();
    expect(await screen.findByText(/预览用的是这张图的抠图，和生成的结果一致/)).toBeTruthy();
    expect(vi.mocked(measureCutout)).toHaveBeenCalledWith(CUTOUT.url);
    sent.mockResolvedValue({
      results: [
        { name: '抠图 7', image: { id: 9, url: '/files/u/1/9.jpg?sig=s', width: 1600, height: 1600 } },
      ],
    } satisfies ReplaceResult);
    fireEvent.click(screen.getByRole('button', { name: '生成 1 张' }));
    await screen.findByRole('img', { name: '杯子.jpg 换背景结果' });
    const form = formOf(0);
    expect(form.get('cutoutIds')).toBe('7');
    expect(form.getAll('upload[]')).toEqual([]);
    // Its result opens in 修补.
    expect(screen.getByRole('button', { name: /修补/ })).toBeTruthy();
  });

  it('remembers the cut-out 生成 made, so the next try and the preview start from it', async () => {
    const file = photo();
    await choose(file);
    sent.mockResolvedValue({
      results: [
        {
          name: '杯子.jpg',
          image: { id: 9, url: '/files/u/1/9.jpg?sig=s', width: 1600, height: 1600 },
          cutout: CUTOUT,
        },
      ],
    } satisfies ReplaceResult);
    fireEvent.click(screen.getByRole('button', { name: '生成 1 张' }));
    await screen.findByRole('img', { name: '杯子.jpg 换背景结果' });
    expect(formOf(0).getAll('upload[]')).toHaveLength(1);
    expect(await screen.findByText(/和生成的结果一致/)).toBeTruthy();
    // Clickable again once the first run has settled (a loading button ignores clicks).
    const again = screen.getByText('生成 1 张').closest('button') as HTMLElement;
    await waitFor(() => expect(again.className).not.toContain('ant-btn-loading'));
    fireEvent.click(again);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    expect(formOf(1).get('cutoutIds')).toBe('7');
  });
});

describe('previewLayout', () => {
  it('uses compose.ts’s numbers: the visible box’s longer side is the scale, standing on y', () => {
    const { visible, shadow } = previewLayout(product(true), { scale: 0.5, x: 0.25, y: 0.9 });
    expect(visible).toEqual({ left: 200, top: 640, width: 400, height: 800 });
    expect(shadow?.cx).toBeCloseTo(400);
    expect(shadow?.rx).toBeCloseTo(230);
  });
});
