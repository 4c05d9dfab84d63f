/**
 * What an erased line leaves on a flat page (imaging/text/remnants.ts): the faint streaks of a glow
 * go; a product reaching into the line's box and a dot that was never erased stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clearRemnants } from '../src/imaging/text/remnants.ts';

const WIDTH = 200;
const HEIGHT = 120;
const WHITE = [255, 255, 255];
const PALE_GREEN = [225, 240, 222];
const BROWN = [90, 40, 30];

function page() {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: number[]) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set(colour, (y * WIDTH + x) * 3);
  };
  return { image: { data, width: WIDTH, height: HEIGHT }, paint };
}
const colourAt = (data: Buffer, x: number, y: number) => [
  ...data.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3),
];

describe('what an erased line leaves on a flat page', () => {
  it('paints the faint streaks of a glow the page colour, and keeps what was not erased', () => {
    const { image, paint } = page();
    paint(40, 40, 60, 80, PALE_GREEN); // inpainted from a glow's last ring
    paint(80, 55, 86, 61, BROWN); // a dot beside the text, never marked
    paint(160, 60, 200, 80, BROWN); // a tube's cap reaching in past the box's right edge
    const erased = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 50; y < 70; y++) erased.fill(255, y * WIDTH + 45, y * WIDTH + 55);
    clearRemnants(image, { x: 20, y: 20, width: 150, height: 80 }, erased);
    assert.deepEqual(colourAt(image.data, 41, 41), WHITE, 'the streak around the erased strokes');
    assert.deepEqual(colourAt(image.data, 50, 60), WHITE);
    assert.deepEqual(colourAt(image.data, 82, 57), BROWN, 'the dot was never erased');
    assert.deepEqual(colourAt(image.data, 162, 70), BROWN, 'the tube reaches past the box');
  });

  it('where a logo takes part of the edge, clears only the faint ghosts of the characters', () => {
    const { image, paint } = page();
    paint(40, 10, 80, 24, [70, 160, 40]); // a logo just above the heading, across the box's top edge
    paint(50, 40, 62, 60, [240, 242, 238]); // a character's grey ghost, 17 levels off white
    paint(100, 40, 130, 60, [230, 40, 150]); // a half-erased magenta pill: the design, not a ghost
    const erased = new Uint8Array(WIDTH * HEIGHT).fill(255);
    clearRemnants(image, { x: 20, y: 20, width: 150, height: 80 }, erased);
    assert.deepEqual(colourAt(image.data, 55, 50), WHITE, 'the ghost goes');
    assert.deepEqual(colourAt(image.data, 110, 50), [230, 40, 150], 'the pill stays');
    assert.deepEqual(colourAt(image.data, 50, 22), [70, 160, 40], 'the logo stays');
  });

  it('changes nothing where the page around the line is not one colour', () => {
    const { image, paint } = page();
    paint(0, 0, WIDTH, 60, [60, 120, 200]); // the box's edge is half blue, half white
    paint(40, 50, 60, 80, PALE_GREEN);
    const erased = new Uint8Array(WIDTH * HEIGHT).fill(255);
    const before = Buffer.from(image.data);
    clearRemnants(image, { x: 20, y: 20, width: 150, height: 80 }, erased);
    assert.ok(image.data.equals(before));
  });
});
