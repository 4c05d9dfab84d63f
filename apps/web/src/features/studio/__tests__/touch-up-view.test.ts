import { describe, expect, it } from 'vitest';
import { clampView, FIT, imagePerScreen, pinchView, toImage, zoomAround } from '../touch-up-view';

// A 1600×1200 photo shown in a 400×300 frame: at fit, one screen pixel is four photo pixels.
const FRAME = { width: 400, height: 300 };
const PHOTO = { width: 1600, height: 1200 };

describe('修补 · zoom and pan', () => {
  it('maps a point to the same photo pixel before and after zooming around it', () => {
    const anchor = { x: 100, y: 60 };
    const zoomed = zoomAround(FIT, 2, anchor, FRAME);
    expect(toImage(FIT, anchor, FRAME, PHOTO)).toEqual({ x: 400, y: 240 });
    expect(toImage(zoomed, anchor, FRAME, PHOTO)).toEqual({ x: 400, y: 240 });
    // A point 40 screen pixels to the right is 80 photo pixels away at 2×, not 160.
    expect(toImage(zoomed, { x: 140, y: 60 }, FRAME, PHOTO)).toEqual({ x: 480, y: 240 });
    expect(imagePerScreen(zoomed, FRAME, PHOTO)).toBe(2);
  });

  it('zooms to at least 4× and never drags the photo off the frame', () => {
    const far = zoomAround(FIT, 100, { x: 400, y: 300 }, FRAME);
    expect(far.zoom).toBeGreaterThanOrEqual(4);
    expect(toImage(far, { x: 400, y: 300 }, FRAME, PHOTO)).toEqual({ x: 1600, y: 1200 });
    expect(clampView({ zoom: 2, x: 50, y: -999 }, FRAME)).toEqual({ zoom: 2, x: 0, y: -300 });
    expect(clampView({ zoom: 0.5, x: -20, y: 0 }, FRAME)).toEqual(FIT);
  });

  it('follows two fingers: spread apart they zoom, moved together they pan', () => {
    const start = { view: FIT, a: { x: 150, y: 150 }, b: { x: 250, y: 150 } };
    const spread = pinchView(start, { x: 100, y: 150 }, { x: 300, y: 150 }, FRAME);
    expect(spread).toEqual({ zoom: 2, x: -200, y: -150 });
    // The photo pixel between the fingers stays between them as they move left together.
    const moved = pinchView(start, { x: 60, y: 150 }, { x: 260, y: 150 }, FRAME);
    expect(toImage(moved, { x: 160, y: 150 }, FRAME, PHOTO)).toEqual({ x: 800, y: 600 });
  });
});
