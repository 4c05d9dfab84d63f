import { describe, expect, it } from 'vitest';
import { restoreReach } from '../restore-reach';

const WIDTH = 80;
const HEIGHT = 40;
const TABLE = [236, 232, 226];
const RED = [200, 30, 30];

/**
 * A red mug (x < 40) on a pale table. The model lost its handle, a red ring (x 40–55, y 8–31) with
 * the table seen through it (x 44–51, y 14–25), and gave the table next to the mug a soft edge
 * (x 40–41, alpha 60).
 */
function mugOnTable() {
  const photo = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  const cutout = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const hole = x >= 44 && x < 52 && y >= 14 && y < 26;
      const handle = x >= 40 && x < 56 && y >= 8 && y < 32 && !hole;
      photo.set([...(x < 40 || handle ? RED : TABLE), 255], i);
      cutout[i + 3] = x < 40 ? 255 : !handle && x < 42 ? 60 : 0;
    }
  return { photo, cutout };
}

const at = (reach: Uint8ClampedArray, x: number, y: number) => reach[y * WIDTH + x];

describe('修补 · what 恢复 brings back', () => {
  const { photo, cutout } = mugOnTable();
  const reach = restoreReach(photo, cutout, WIDTH, HEIGHT);

  it('never paints the table back, however the brush passes over it', () => {
    for (const [x, y] of [
      [60, 5],
      [79, 39],
      [45, 35],
      [60, 20],
      // Through the handle: the table again, not the handle.
      [47, 20],
    ] as const)
      expect(at(reach, x, y)).toBe(0);
    // The model's soft edge on the table comes back as it was, not opaque.
    expect(at(reach, 41, 2)).toBe(60);
  });

  it('brings back what the cut-out had, and a part the model lost that does not look like the table', () => {
    expect(at(reach, 10, 20)).toBe(255);
    expect(at(reach, 39, 0)).toBe(255);
    expect(at(reach, 42, 20)).toBe(255);
    expect(at(reach, 54, 30)).toBe(255);
  });
});
