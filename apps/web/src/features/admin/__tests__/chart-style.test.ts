import { COST_PURPOSE_NAMES, COST_PURPOSES } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import { COST_PURPOSE_COLORS } from '../chart-style';

describe('成本 · 每日 AI 成本 chart', () => {
  it('gives every purpose a colour of its own, so no two legend entries look the same', () => {
    const colours = COST_PURPOSES.map((purpose) => [
      COST_PURPOSE_NAMES[purpose],
      COST_PURPOSE_COLORS[purpose],
    ]);
    for (const [name, colour] of colours) expect(colour, name).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colours.map(([, colour]) => colour)).size).toBe(COST_PURPOSES.length);
  });
});
