import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
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

afterEach(() => vi.restoreAllMocks());

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
});
