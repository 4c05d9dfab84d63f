import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeContext, stubTouchUpStage } from '../../../test/touch-up-stage';
import { TouchUpEditor } from '../components/touch-up-editor';

/** What the brush drew, in the canvas's own (photo) pixels. jsdom has no canvas: a recorder stands in. */
let drawn: { op: string; args: number[] }[] = [];

function recordingContext(canvas: HTMLCanvasElement) {
  const record =
    (op: string) =>
    (...args: unknown[]) =>
      drawn.push({ op, args: args.filter((arg): arg is number => typeof arg === 'number') });
  const data = () => ({ data: new Uint8ClampedArray(canvas.width * canvas.height * 4) });
  return fakeContext({ getImageData: data, arc: record('arc'), lineTo: record('lineTo') });
}

beforeEach(() => {
  drawn = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return recordingContext(this);
  } as never);
  // The 800×600 photo is shown 400×300 (at fit, a screen pixel is two photo pixels).
  stubTouchUpStage(400, 300);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openEditor() {
  renderWithApp(
    <TouchUpEditor
      photoUrl="/photo.jpg"
      cutoutUrl="/cutout.png"
      width={800}
      height={600}
      saving={false}
      onSave={() => {}}
      onCancel={() => {}}
    />,
  );
  const canvas = screen.getByLabelText('修补画布：在要擦除或恢复的地方涂抹');
  await waitFor(() => expect(canvas).toHaveAttribute('data-ready', 'true'));
  return canvas;
}

describe('修补 · zoomed in', () => {
  it('paints the photo pixels under the pointer at 2×, with a brush as wide on screen as before', async () => {
    const canvas = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByLabelText('缩放比例')).toHaveTextContent('200%');
    // Zoomed around the middle: the frame's point (100, 75) is photo pixel (300, 225), not (200, 150).
    fireEvent.pointerDown(canvas, { clientX: 110, clientY: 95, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 150, clientY: 95, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 150, clientY: 95, pointerId: 1 });
    // Brush 30 screen pixels: 30 photo pixels at 2× (60 at fit), so a radius of 15.
    expect(drawn).toContainEqual({ op: 'arc', args: [300, 225, 15, 0, Math.PI * 2] });
    expect(drawn).toContainEqual({ op: 'lineTo', args: [340, 225] });
    expect(screen.getByRole('button', { name: '保存修补' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: /适\s?应/ }));
    expect(screen.getByLabelText('缩放比例')).toHaveTextContent('100%');
  });

  it('two fingers zoom instead of painting, and what the first finger began is taken back', async () => {
    const canvas = await openEditor();
    const finger = (pointerId: number, x: number) => ({
      clientX: 10 + x,
      clientY: 170,
      pointerId,
      pointerType: 'touch',
    });
    fireEvent.pointerDown(canvas, finger(1, 150));
    fireEvent.pointerDown(canvas, finger(2, 250));
    fireEvent.pointerMove(canvas, finger(1, 100));
    fireEvent.pointerMove(canvas, finger(2, 300));
    fireEvent.pointerUp(canvas, finger(1, 100));
    // The finger left down neither paints nor pans on its own.
    fireEvent.pointerMove(canvas, finger(2, 350));
    fireEvent.pointerUp(canvas, finger(2, 350));
    expect(screen.getByLabelText('缩放比例')).toHaveTextContent('200%');
    expect(screen.getByRole('button', { name: '保存修补' })).toBeDisabled();
  });

  it('「移动」 drags the zoomed photo instead of painting it', async () => {
    const canvas = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    fireEvent.click(screen.getByText('移动'));
    fireEvent.pointerDown(canvas, { clientX: 110, clientY: 95, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 160, clientY: 95, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 160, clientY: 95, pointerId: 1 });
    expect(drawn.filter((call) => call.op === 'arc')).toEqual([]);
    const layer = canvas.parentElement as HTMLElement;
    expect(layer.style.transform).toBe('translate(-150px, -150px) scale(2)');
  });

  it('shows the brush as a circle under a mouse, as wide as it paints, and none under a finger', async () => {
    const canvas = await openEditor();
    const circle = screen.getByTestId('brush-circle');
    expect(circle).not.toBeVisible();
    fireEvent.pointerMove(canvas, { clientX: 110, clientY: 95, pointerId: 1, pointerType: 'mouse' });
    expect(circle).toBeVisible();
    // Centred on the pointer's place in the frame (the frame starts at 10, 20), 30 screen pixels wide.
    expect(circle.style.transform).toBe('translate(100px, 75px)');
    expect(circle.style.width).toBe('30px');
    expect(circle.style.margin).toBe('-15px');
    fireEvent.pointerLeave(canvas);
    expect(circle).not.toBeVisible();
    fireEvent.pointerMove(canvas, { clientX: 110, clientY: 95, pointerId: 2, pointerType: 'touch' });
    expect(circle).not.toBeVisible();
    fireEvent.click(screen.getByText('移动'));
    fireEvent.pointerMove(canvas, { clientX: 110, clientY: 95, pointerId: 1, pointerType: 'mouse' });
    expect(circle).not.toBeVisible();
  });
});
