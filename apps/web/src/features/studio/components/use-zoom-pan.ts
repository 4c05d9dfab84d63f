import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  clampView,
  FIT,
  imagePerScreen,
  type Point,
  pinchView,
  type Size,
  toImage,
  type View,
  ZOOM_STEP,
  zoomAround,
} from '../touch-up-view';

type Gesture =
  | { kind: 'pan'; from: Point; view: View }
  | { kind: 'pinch'; ids: [number, number]; a: Point; b: Point; view: View }
  // A pinch ended with a finger still down: that finger must not start painting.
  | { kind: 'wait' };

/** Space in a text field is a space; on the tool switches, buttons and slider it is the hand. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(TEXTAREA|SELECT)$/.test(target.tagName) ||
    (target instanceof HTMLInputElement && !/^(radio|checkbox|range|button)$/.test(target.type)));

/** A pointer's place in the frame, in CSS pixels from its top-left corner. */
function pointIn(frame: HTMLElement | null, event: { clientX: number; clientY: number }): Point {
  const rect = frame?.getBoundingClientRect();
  return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
}

/**
 * Zoom and pan for 修补's picture: two fingers pinch and move it, the wheel (or a trackpad pinch,
 * which arrives as ctrl+wheel) zooms at the pointer, and one pointer drags it when 「移动」 is on,
 * space is held or the middle button is down. The pointer handlers answer true when the event was
 * theirs, so the brush leaves it alone.
 */
export function useZoomPan(image: Size, options: { moving: boolean; onGestureStart: () => void }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [view, setViewState] = useState<View>(FIT);
  const viewRef = useRef<View>(FIT);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const hoveringRef = useRef(false);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const setView = useCallback((next: View) => {
    viewRef.current = next;
    setViewState(next);
  }, []);

  const frameSize = useCallback((): Size => {
    const rect = frameRef.current?.getBoundingClientRect();
    return { width: rect?.width || 1, height: rect?.height || 1 };
  }, []);

  const local = (event: { clientX: number; clientY: number }) => pointIn(frameRef.current, event);

  /** Zooms by `factor` around a frame point (the middle when none is given). */
  const zoomBy = useCallback(
    (factor: number, anchor?: Point) => {
      const frame = frameSize();
      const at = anchor ?? { x: frame.width / 2, y: frame.height / 2 };
      setView(zoomAround(viewRef.current, viewRef.current.zoom * factor, at, frame));
    },
    [frameSize, setView],
  );

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // Not React's onWheel: that listener is passive and cannot keep the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 16 : 1;
      zoomBy(Math.exp(-event.deltaY * lines * (event.ctrlKey ? 0.01 : 0.002)), pointIn(frame, event));
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || !hoveringRef.current || typing(event.target)) return;
      event.preventDefault();
      setSpaceHeld(true);
    };
    const up = (event: KeyboardEvent) => {
      if (event.code !== 'Space') return;
      // The space that moved the picture does not also press the button that has focus.
      if (hoveringRef.current && !typing(event.target)) event.preventDefault();
      setSpaceHeld(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLElement>): boolean => {
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size >= 2) {
      const [[first, a], [second, b]] = [...pointers.current.entries()] as [[number, Point], [number, Point]];
      optionsRef.current.onGestureStart();
      gesture.current = { kind: 'pinch', ids: [first, second], a, b, view: viewRef.current };
      return true;
    }
    if (gesture.current) return true;
    if (optionsRef.current.moving || spaceHeld || event.button === 1) {
      gesture.current = { kind: 'pan', from: local(event), view: viewRef.current };
      return true;
    }
    return false;
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>): boolean => {
    if (!pointers.current.has(event.pointerId)) return false;
    const point = local(event);
    pointers.current.set(event.pointerId, point);
    const now = gesture.current;
    if (now?.kind === 'pinch') {
      const [a, b] = now.ids.map((id) => pointers.current.get(id)) as [Point?, Point?];
      if (a && b) setView(pinchView(now, a, b, frameSize()));
    } else if (now?.kind === 'pan') {
      const moved = {
        ...now.view,
        x: now.view.x + point.x - now.from.x,
        y: now.view.y + point.y - now.from.y,
      };
      setView(clampView(moved, frameSize()));
    }
    return now !== null;
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>): boolean => {
    pointers.current.delete(event.pointerId);
    const now = gesture.current;
    if (!now) return false;
    gesture.current = pointers.current.size > 0 && now.kind !== 'pan' ? { kind: 'wait' } : null;
    return true;
  };

  return {
    frameRef,
    view,
    /** The cursor says the picture will move rather than be painted. */
    grabbing: options.moving || spaceHeld,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    frameEvents: {
      onPointerEnter: () => {
        hoveringRef.current = true;
      },
      onPointerLeave: () => {
        hoveringRef.current = false;
      },
    },
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fit: () => setView(FIT),
    /** Where a pointer is in the picture's pixels, and how many of them one screen pixel covers. */
    locate: (event: { clientX: number; clientY: number }) => {
      const frame = frameSize();
      return {
        ...toImage(viewRef.current, local(event), frame, image),
        scale: imagePerScreen(viewRef.current, frame, image),
      };
    },
  };
}
