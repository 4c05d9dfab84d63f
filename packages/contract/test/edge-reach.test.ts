import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reachFromEdge } from '../src/edge-reach.ts';

/** A picture drawn as rows of characters: '#' is closed, anything else open. */
function picture(rows: string[]) {
  const width = (rows[0] as string).length;
  const cells = rows.join('');
  return { width, height: rows.length, cells, open: (q: number) => cells[q] !== '#' };
}

const show = (reached: Uint8Array, width: number) =>
  Array.from({ length: reached.length / width }, (_, y) =>
    Array.from(reached.slice(y * width, (y + 1) * width), (v) => (v ? 'o' : '.')).join(''),
  );

describe('reachFromEdge', () => {
  it('reaches everything open joined to the border, not a hole walled in, not through a diagonal gap', () => {
    const { width, height, open } = picture([
      '.......', //
      '.###...',
      '.#.#.#.',
      '.###..#',
      '.....#.',
    ]);
    assert.deepEqual(show(reachFromEdge(width, height, open), width), [
      'ooooooo',
      'o...ooo',
      'o...o.o',
      'o...oo.',
      'ooooo.o',
    ]);
  });

  it('moves only where the step allows: a colour edge stops it as a wall would', () => {
    // Values down a 3 × 3 picture; a step of more than 10 between neighbours is an edge.
    const values = [0, 5, 9, 4, 60, 8, 2, 7, 3];
    const near = (p: number, q: number) => Math.abs((values[p] as number) - (values[q] as number)) <= 10;
    assert.deepEqual(
      show(
        reachFromEdge(3, 3, () => true, near),
        3,
      ),
      ['ooo', 'o.o', 'ooo'],
    );
    assert.deepEqual(
      show(
        reachFromEdge(3, 3, () => true),
        3,
      ),
      ['ooo', 'ooo', 'ooo'],
    );
  });

  it('reaches nothing when the border is closed', () => {
    assert.deepEqual([...reachFromEdge(2, 2, () => false)], [0, 0, 0, 0]);
  });
});
