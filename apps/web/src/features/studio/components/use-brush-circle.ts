import { type PointerEvent, type RefObject, useRef } from 'react';

/**
 * The brush's circle over a painting stage (ZoomStage draws it at `brushRef`): it follows a mouse
 * or a pen; a finger covers it anyway, so on touch it stays hidden. Moved by style, not state: no
 * render per pointer move.
 */
export function useBrushCircle(frameRef: RefObject<HTMLDivElement | null>) {
  const brushRef = useRef<HTMLDivElement>(null);

  /**
   * Puts the circle under the pointer, or hides it while the tool paints nothing (`idle`); with a
   * `diameter` (screen pixels) it also takes the width the brush paints at this zoom.
   */
  const follow = (event: PointerEvent<HTMLElement>, idle: boolean, diameter?: number) => {
    const circle = brushRef.current;
    const frame = frameRef.current;
    if (!circle || !frame) return;
    circle.hidden = event.pointerType === 'touch' || idle;
    if (diameter !== undefined) {
      circle.style.width = `${diameter}px`;
      circle.style.height = `${diameter}px`;
      circle.style.margin = `${-diameter / 2}px`;
    }
    const box = frame.getBoundingClientRect();
    circle.style.transform = `translate(${event.clientX - box.left}px, ${event.clientY - box.top}px)`;
  };

  const hide = () => {
    if (brushRef.current) brushRef.current.hidden = true;
  };

  return { brushRef, follow, hide };
}
