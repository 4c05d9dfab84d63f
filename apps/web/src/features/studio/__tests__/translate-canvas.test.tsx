import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { translateResult, waterproofBlock } from '../../../test/translate-result';
import { TranslateCanvas } from '../components/translate-canvas';
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

/** The calls the editor makes to 重新生成, each answered with an empty drawing. */
function renderCallsAnsweredEmpty() {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  return fakeApi({
    '/api/v1/translate/render': () =>
      ok({
        resultId: 9,
        resultUrl: '/files/9.png',
        backgroundUrl: '/files/bg.png',
        blocks: [],
        residual: { count: 0, boxes: [] },
      }),
  });
}

/** The picture as the 修补画笔 shows it: still, nothing to drag. */
function showUnderRepairBrush(result: TranslateResult) {
  renderWithApp(
    <TranslateCanvas
      still
      result={result}
      blocks={result.blocks}
      kept={[]}
      hover={null}
      onHover={() => {}}
      onBox={() => {}}
      onPick={() => {}}
    />,
  );
}

/** The editor as the screen holds it: each 重新生成's answer becomes the result it shows. */
function RedrawnOnSave(props: { first: TranslateResult }) {
  const [result, setResult] = useState(props.first);
  return <TranslateEditor result={result} onChange={setResult} />;
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
    // Kept before blocks said how wide their letters were drawn: full width.
    expect(text).toHaveStyle({ width: '99px', transform: 'translateY(-50%)' });
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

  it('draws a translation condensed to fit as narrow as the server drew it, placed and still alike', () => {
    showAtHalfSize();
    // The server squeezed it to 75% wide to fit the 180 px it drew it in.
    const condensed = waterproofBlock({
      text: 'Waterproof breathable',
      drawn: { x: 4, y: 12, width: 180, height: 28 },
      horizontalScale: 0.75,
    });
    const result = translateResult({ blocks: [condensed] });
    const { unmount } = renderWithApp(<TranslateEditor result={result} onChange={() => {}} />);
    // Laid out, as the server did, in as much more room as the letters are narrower (the drawn
    // 180 px and the browser's tenth: 198 / 0.75 = 264 picture px, 132 on screen), then squeezed
    // back into the 99 screen px a full-width one takes.
    const squeezed = {
      width: '132px',
      transform: 'translateY(-50%) scaleX(0.75)',
      transformOrigin: 'left center',
    };
    expect(screen.getByText('Waterproof breathable', { selector: '.translate-layer__text' })).toHaveStyle(
      squeezed,
    );
    unmount();

    // Under the 修补画笔, the same.
    showUnderRepairBrush(result);
    expect(screen.getByText('Waterproof breathable', { selector: '.translate-layer__text' })).toHaveStyle(
      squeezed,
    );
  });

  it('draws a translation that fitted at full width', () => {
    showAtHalfSize();
    const plain = waterproofBlock({ drawn: { x: 4, y: 12, width: 180, height: 28 }, horizontalScale: 1 });
    renderWithApp(<TranslateEditor result={translateResult({ blocks: [plain] })} onChange={() => {}} />);
    const text = screen.getByText('Waterproof', { selector: '.translate-layer__text' });
    expect(text).toHaveStyle({ width: '99px', transform: 'translateY(-50%)' });
  });

  it('after the seller shortens a condensed text and 重新生成, shows it as the server drew it again: full width', async () => {
    showAtHalfSize();
    configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
    const drawn = { x: 4, y: 12, width: 180, height: 28 };
    const condensed = waterproofBlock({ text: 'Waterproof breathable', drawn, horizontalScale: 0.75 });
    fakeApi({
      '/api/v1/translate/render': () =>
        ok({
          resultId: 9,
          resultUrl: '/files/9.png',
          backgroundUrl: '/files/bg.png',
          blocks: [{ ...condensed, text: 'Dry', drawn: { ...drawn, width: 60 }, horizontalScale: 1 }],
          residual: { count: 0, boxes: [] },
        }),
    });
    renderWithApp(<RedrawnOnSave first={translateResult({ blocks: [condensed] })} />);
    const before = screen.getByText('Waterproof breathable', { selector: '.translate-layer__text' });
    expect(before).toHaveStyle({ transform: 'translateY(-50%) scaleX(0.75)' });
    fireEvent.change(screen.getByLabelText('第 1 块译文'), { target: { value: 'Dry' } });
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() =>
      expect(screen.getByText('Dry', { selector: '.translate-layer__text' })).toHaveStyle({
        // 60 px drawn and a tenth, at half size.
        width: '33px',
        transform: 'translateY(-50%)',
      }),
    );
  });

  it('sends 重新生成 the block’s own box, moved as far as the seller moved the drawn one', async () => {
    showAtHalfSize();
    const calls = renderCallsAnsweredEmpty();
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

  it('leans a slanted headline’s text as the server drew it, in both views, and 重新生成 keeps the lean', async () => {
    showAtHalfSize();
    const calls = renderCallsAnsweredEmpty();
    const slanted = waterproofBlock({ drawn: { x: 4, y: 12, width: 180, height: 28 }, slant: 10 });
    const result = translateResult({ blocks: [slanted] });
    const { unmount } = renderWithApp(<TranslateEditor result={result} onChange={() => {}} />);
    // Tops to the right by 10°, as the server's shear: CSS's skewX leans the other way.
    const leaning = { transform: 'translateY(-50%) skewX(-10deg)' };
    expect(screen.getByText('Waterproof', { selector: '.translate-layer__text' })).toHaveStyle(leaning);
    fireEvent.change(screen.getByLabelText('第 1 块译文'), { target: { value: 'Dry' } });
    expect(screen.getByText('Dry', { selector: '.translate-layer__text' })).toHaveStyle(leaning);
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0]?.body as { blocks: TranslatedBlock[] } | undefined)?.blocks[0];
    expect(sent?.slant).toBe(10);
    unmount();

    // Under the 修补画笔, the same.
    showUnderRepairBrush(result);
    expect(screen.getByText('Waterproof', { selector: '.translate-layer__text' })).toHaveStyle(leaning);
  });
});
