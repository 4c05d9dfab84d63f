import { describe, expect, it } from 'vitest';
import { marginRate } from '../components/cost-format';

describe('成本 · 毛利率', () => {
  it('never says 100% while the AI cost anything, and says 100% when it cost nothing', () => {
    expect(marginRate(158, 158 - 0.08)).toBe('99.9%');
    expect(marginRate(158, 158)).toBe('100%');
    expect(marginRate(100, 42.345)).toBe('42.3%');
    expect(marginRate(100, -20)).toBe('-20%');
    expect(marginRate(0, -3)).toBe('—');
  });
});
