import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpStatusOf } from '../src/codes.ts';
import { formatDate, greetingFor, maskPhone } from '../src/format.ts';

describe('nickname mask', () => {
  it('keeps the first three and last four digits', () => {
    assert.equal(maskPhone('13812345678'), '138****5678');
  });
  it('leaves anything that is not an 11-digit phone as it is', () => {
    assert.equal(maskPhone('1381234567'), '1381234567');
    assert.equal(maskPhone('seller'), 'seller');
  });
});

describe('greeting bands', () => {
  it('greets by local hour: [5,12) morning, [12,18) afternoon, else evening', () => {
    const expected: Record<number, string> = {
      0: '晚上好',
      4: '晚上好',
      5: '上午好',
      11: '上午好',
      12: '下午好',
      17: '下午好',
      18: '晚上好',
      23: '晚上好',
    };
    for (const [hour, greeting] of Object.entries(expected))
      assert.equal(greetingFor(Number(hour)), greeting, `hour ${hour}`);
  });
});

describe('date format', () => {
  it('formats as YYYY-MM-DD with zero padding', () => {
    assert.equal(formatDate(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
    assert.equal(formatDate(new Date(2027, 11, 31)), '2027-12-31');
  });
  it('returns an empty string for an invalid date rather than NaN-NaN-NaN', () => {
    assert.equal(formatDate('not a date'), '');
  });
});

describe('HTTP status of result codes', () => {
  it('uses the code for HTTP-like codes and the table for business codes', () => {
    assert.equal(httpStatusOf(200), 200);
    assert.equal(httpStatusOf(413), 413);
    assert.equal(httpStatusOf(400001), 401);
    assert.equal(httpStatusOf(400003), 401);
    assert.equal(httpStatusOf(200001), 403);
    assert.equal(httpStatusOf(200002), 403);
    assert.equal(httpStatusOf(200004), 422);
    assert.equal(httpStatusOf(999999), 500);
  });
});
