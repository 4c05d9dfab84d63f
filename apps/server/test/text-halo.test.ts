/**
 * When a translation drawn back gets an outline (imaging/text/halo.ts): where it would not read on
 * what is under it. WCAG's luminance contrast alone called a designer's red on tan unreadable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { needsHalo } from '../src/imaging/text/halo.ts';

/** A flat picture of one colour, 200 × 80. */
const flat = (rgb: number[]) => {
  const data = Buffer.alloc(200 * 80 * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { data, width: 200, height: 80 };
};
const area = { x: 10, y: 10, width: 180, height: 60 };

describe('an outline for a translation', () => {
  it('is not added to red on a tan backdrop, which reads by its colour (the dress ad’s 「很美」)', () => {
    assert.equal(needsHalo(flat([182, 120, 85]), area, '#f90211'), false);
  });

  it('is added to white on a pale patch, and to a green close to the photo’s own', () => {
    assert.equal(needsHalo(flat([235, 235, 230]), area, '#ffffff'), true);
    assert.equal(needsHalo(flat([95, 125, 80]), area, '#6f8f5a'), true);
  });

  it('is not added where the text stands out by its lightness', () => {
    assert.equal(needsHalo(flat([30, 30, 30]), area, '#ffffff'), false);
  });
});
