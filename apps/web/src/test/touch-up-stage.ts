import { vi } from 'vitest';

/**
 * jsdom has no canvas and loads no pictures: what the touch-up editors (修补 of a cut-out, 修复画笔 of
 * a translation) need to draw. Undo with vi.restoreAllMocks and vi.unstubAllGlobals.
 */

/**
 * A 2D context whose `methods` answer as given and every other method draws nothing; properties
 * set on it (fillStyle, globalCompositeOperation…) read back.
 */
export function fakeContext(methods: Record<string, unknown>): CanvasRenderingContext2D {
  return new Proxy({ ...methods } as Record<string, unknown>, {
    get: (target, key: string) => (key in target ? target[key] : () => {}),
    set: (target, key: string, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/**
 * Every picture loads on the next tick, and the editor's frame (`.touch-up__frame`) is laid out
 * `width`×`height` on screen, 10 px from the left and 20 from the top; other elements have no size.
 */
export function stubTouchUpStage(width: number, height: number) {
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      set src(_: string) {
        setTimeout(() => this.onload?.());
      }
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const frame = this.classList.contains('touch-up__frame');
    return { left: 10, top: 20, width: frame ? width : 0, height: frame ? height : 0 } as DOMRect;
  });
}
