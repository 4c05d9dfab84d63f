import { describe, expect, it } from 'vitest';
import { formatDate, greetingNow, maskPhone } from '../format';

describe('display formats', () => {
  it('greets by the local hour at the band edges', () => {
    expect(greetingNow(new Date(2026, 10, 21, 4, 59))).toBe('晚上好');
    expect(greetingNow(new Date(2026, 10, 21, 5, 0))).toBe('上午好');
    expect(greetingNow(new Date(2026, 10, 21, 11, 59))).toBe('上午好');
    expect(greetingNow(new Date(2026, 10, 21, 12, 0))).toBe('下午好');
    expect(greetingNow(new Date(2026, 10, 21, 17, 59))).toBe('下午好');
    expect(greetingNow(new Date(2026, 10, 21, 18, 0))).toBe('晚上好');
  });

  it('masks the middle four digits of the nickname', () => {
    expect(maskPhone('13912345678')).toBe('139****5678');
  });

  it('formats a VIP end date as YYYY-MM-DD', () => {
    expect(formatDate(new Date(2026, 11, 22, 8, 0))).toBe('2026-12-22');
  });
});
