import type { RepairStroke, TranslateResult } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { fakeContext, stubTouchUpStage } from '../../../test/touch-up-stage';
import { translateResult, waterproofBlock } from '../../../test/translate-result';
import { TranslateEditor } from '../components/translate-editor';

/** The picture's colour where the eyedropper reads it: every pixel the same. */
const PICKED = [200, 100, 50, 255];

beforeEach(() => {
  // A context that draws nothing and reads PICKED everywhere.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      fakeContext({
        getImageData: (_x: number, _y: number, w: number, h: number) => ({
          data: new Uint8ClampedArray(Array.from({ length: w * h }, () => PICKED).flat()),
        }),
      }) as never,
  );
  // The 400×400 picture is shown 400×400 at fit.
  stubTouchUpStage(400, 400);
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const RESULT = translateResult({ sourceUrl: '/files/src.png', sourceId: 3, blocks: [waterproofBlock()] });

async function openBrush(result: TranslateResult = RESULT) {
  const calls = fakeApi({
    '/api/v1/translate/render': () =>
      ok({
        resultId: 9,
        resultUrl: '/files/9.png',
        backgroundUrl: '/files/bg-repaired.png',
        blocks: result.blocks,
        residual: { count: 0, boxes: [] },
      }),
  });
  const changed = vi.fn();
  renderWithApp(<TranslateEditor result={result} onChange={changed} />);
  fireEvent.click(screen.getByText('修补画笔'));
  const canvas = screen.getByLabelText('修补画布：在要修补的地方涂抹');
  await waitFor(() => expect(canvas).toHaveAttribute('data-ready', 'true'));
  return { canvas, calls, changed };
}

const at = (clientX: number, clientY: number, pointerId = 1) => ({ clientX, clientY, pointerId });

function paint(canvas: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(canvas, at(...from));
  fireEvent.pointerMove(canvas, at(...to));
  fireEvent.pointerUp(canvas, at(...to));
}

const sentRepair = (calls: { body: unknown }[]) =>
  ((calls[0]?.body ?? {}) as { repair?: RepairStroke[] }).repair;

describe('图片翻译 · 修补画笔 in the editor', () => {
  it('取色: the first tap picks the colour, then a drag at 2× paints it in picture pixels; 重新生成 sends it once', async () => {
    const { canvas, calls, changed } = await openBrush();
    expect(screen.getByRole('button', { name: '重新生成' })).toBeDisabled();
    fireEvent.pointerDown(canvas, at(30, 40));
    fireEvent.pointerUp(canvas, at(30, 40));
    expect(canvas).toHaveAttribute('data-colour', '#c86432');
    expect(screen.getByLabelText('画笔颜色')).toHaveValue('#c86432');
    expect(screen.getByRole('button', { name: '重新生成' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByLabelText('缩放比例')).toHaveTextContent('200%');
    // Zoomed around the middle: the frame's (100, 100) is the picture's (150, 150), and the
    // 24 px brush is 12 picture pixels wide.
    paint(canvas, [110, 120], [150, 120]);
    expect(screen.getByRole('button', { name: '重新生成' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(sentRepair(calls)).toEqual([
      {
        mode: 'colour',
        colour: '#c86432',
        width: 12,
        points: [
          [150, 150],
          [170, 150],
        ],
      },
    ]);
    // Drawn: the editor shows the repaired picture, and nothing is left to send.
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changed.mock.calls[0]?.[0]).toMatchObject({
      backgroundUrl: '/files/bg-repaired.png',
      resultId: 9,
    });
    expect(screen.getByRole('button', { name: /撤销/ })).toBeDisabled();
  });

  it('undo takes back the last stroke before it is sent; 恢复原图 strokes carry no colour', async () => {
    const { canvas, calls } = await openBrush();
    fireEvent.click(screen.getByText('恢复原图'));
    paint(canvas, [20, 30], [60, 30]);
    paint(canvas, [200, 200], [240, 260]);
    fireEvent.click(screen.getByRole('button', { name: /撤销/ }));
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    // At fit a screen pixel is a picture pixel: the frame's (10, 10) is the picture's (10, 10).
    expect(sentRepair(calls)).toEqual([
      {
        mode: 'restore',
        width: 24,
        points: [
          [10, 10],
          [50, 10],
        ],
      },
    ]);
  });

  it('「移动」 pans instead of painting, and a second finger zooms instead', async () => {
    const { canvas } = await openBrush();
    fireEvent.click(screen.getByText('恢复原图'));
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    fireEvent.click(screen.getByText('移动'));
    paint(canvas, [110, 120], [160, 120]);
    expect(screen.getByRole('button', { name: /撤销/ })).toBeDisabled();
    fireEvent.click(screen.getByText('恢复原图'));
    const finger = (id: number, x: number) => ({ ...at(10 + x, 220, id), pointerType: 'touch' });
    fireEvent.pointerDown(canvas, finger(1, 150));
    fireEvent.pointerDown(canvas, finger(2, 250));
    fireEvent.pointerMove(canvas, finger(1, 100));
    fireEvent.pointerUp(canvas, finger(1, 100));
    fireEvent.pointerUp(canvas, finger(2, 250));
    expect(screen.getByRole('button', { name: /撤销/ })).toBeDisabled();
  });

  it('offers 恢复原图 only when the original was kept, and sends unsent strokes with 下载 PSD', async () => {
    const { canvas } = await openBrush(translateResult({ blocks: [waterproofBlock()] }));
    expect(screen.getByRole('radio', { name: /恢复原图/ })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('画笔颜色'), { target: { value: '#112233' } });
    paint(canvas, [20, 30], [20, 30]);
    const psd = vi.fn(async (_url: string, init: RequestInit) => {
      expect(JSON.parse(String(init.body)).repair).toEqual([
        { mode: 'colour', colour: '#112233', width: 24, points: [[10, 10]] },
      ]);
      return new Response('{"code":400,"msg":"测试到此为止","data":null}', {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', psd);
    fireEvent.click(screen.getByRole('button', { name: /下载 PSD/ }));
    await waitFor(() => expect(psd).toHaveBeenCalled());
    expect(await screen.findByText('测试到此为止')).toBeInTheDocument();
  });
});
