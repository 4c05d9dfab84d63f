import type { TranslatedBlock } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { translateResult, waterproofBlock } from '../../../test/translate-result';
import { TranslateEditor } from '../components/translate-editor';

const RESULT = translateResult({
  backgroundId: 7,
  resultId: 8,
  blocks: [waterproofBlock({ outline: { color: '#ffffff', width: 2 } })],
});

/** The canvas shown at 200 px for a 400 px picture: a screen pixel is two picture pixels. */
function showAtHalfSize() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('translate-editor__canvas') ? 200 : 0;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('图片翻译 · the editor’s picture', () => {
  it('draws each block’s text in place, in its size, colour and weight', () => {
    showAtHalfSize();
    renderWithApp(<TranslateEditor result={RESULT} onChange={() => {}} />);
    const text = screen.getByText('Waterproof', { selector: '.translate-layer__text' });
    expect(text).toHaveStyle({ fontSize: '12px', color: '#1d3557', fontWeight: '700' });
  });

  it('moves a block when it is dragged, in picture pixels, and nudges it with the arrow keys', () => {
    showAtHalfSize();
    renderWithApp(<TranslateEditor result={RESULT} onChange={() => {}} />);
    const layer = screen.getByRole('button', { name: /第 1 块（原文：防水透气），拖动移动/ });
    fireEvent.pointerDown(layer, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 80, clientY: 60, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 80, clientY: 60, pointerId: 1 });
    // 30 × 10 screen pixels at half size: 60 × 20 picture pixels.
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('70');
    expect(screen.getByLabelText('第 1 块纵坐标')).toHaveValue('30');
    fireEvent.keyDown(layer, { key: 'ArrowLeft' });
    fireEvent.keyDown(layer, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('69');
    expect(screen.getByLabelText('第 1 块纵坐标')).toHaveValue('40');
    // Never off the picture.
    fireEvent.pointerDown(layer, { clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 900, clientY: 900, pointerId: 1 });
    fireEvent.pointerUp(layer, { pointerId: 1 });
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('280');
    expect(screen.getByLabelText('第 1 块纵坐标')).toHaveValue('370');
    expect(screen.getByRole('button', { name: '重新生成' })).toBeEnabled();
  });

  it('a tap without a drag goes to the block’s text field', () => {
    renderWithApp(<TranslateEditor result={RESULT} onChange={() => {}} />);
    const layer = screen.getByRole('button', { name: /第 1 块（原文：防水透气）/ });
    fireEvent.pointerDown(layer, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 50, clientY: 50, pointerId: 1 });
    expect(screen.getByLabelText('第 1 块译文')).toHaveFocus();
  });

  it('shows the box where the server drew the text, and a drag keeps it on the text', () => {
    showAtHalfSize();
    // The translation ran wider than the OCR box and was centred on the room beside it.
    const drawnWide = waterproofBlock({ drawn: { x: 4, y: 12, width: 180, height: 28 } });
    renderWithApp(<TranslateEditor result={translateResult({ blocks: [drawnWide] })} onChange={() => {}} />);
    const layer = screen.getByRole('button', { name: /第 1 块（原文：防水透气）/ });
    // 4, 12, 180 × 28 of a 400 × 400 picture.
    expect(layer).toHaveStyle({ left: '1%', top: '3%', width: '45%', height: '7%' });
    const text = screen.getByText('Waterproof', { selector: '.translate-layer__text' });
    expect(text).toHaveStyle({ left: '0px', top: '50%' });
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('4');

    fireEvent.pointerDown(layer, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 70, clientY: 80, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 70, clientY: 80, pointerId: 1 });
    // 20 × 30 screen pixels: 40 × 60 picture pixels, box and text together.
    expect(layer).toHaveStyle({ left: '11%', top: '18%', width: '45%', height: '7%' });
    expect(text).toHaveStyle({ left: '0px', top: '50%' });
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('44');
    expect(screen.getByLabelText('第 1 块纵坐标')).toHaveValue('72');
  });

  it('sends 重新生成 the block’s own box, moved as far as the seller moved the drawn one', async () => {
    showAtHalfSize();
    configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
    const calls = fakeApi({
      '/api/v1/translate/render': () =>
        ok({
          resultId: 9,
          resultUrl: '/files/9.png',
          backgroundUrl: '/files/bg.png',
          blocks: [],
          residual: { count: 0, boxes: [] },
        }),
    });
    const drawnWide = waterproofBlock({ drawn: { x: 4, y: 12, width: 180, height: 28 } });
    renderWithApp(<TranslateEditor result={translateResult({ blocks: [drawnWide] })} onChange={() => {}} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /第 1 块（原文：防水透气）/ }), {
      key: 'ArrowRight',
      shiftKey: true,
    });
    expect(screen.getByLabelText('第 1 块横坐标')).toHaveValue('14');
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0]?.body as { blocks: TranslatedBlock[] } | undefined)?.blocks[0];
    expect(sent?.box).toEqual({ x: 20, y: 10, width: 120, height: 30 });
  });
});
