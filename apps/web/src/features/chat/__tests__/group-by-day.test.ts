import { describe, expect, it } from 'vitest';
import { groupByDay } from '../group-by-day';

const at = (iso: string) => ({ updatedAt: new Date(iso).getTime(), iso });

describe('groupByDay', () => {
  it('heads conversations 今天, 昨天, 最近 7 天, then by date, in local time', () => {
    const now = new Date('2026-11-22T10:00:00').getTime();
    const groups = groupByDay(
      [
        at('2026-11-22T09:59:00'),
        at('2026-11-22T00:00:00'),
        at('2026-11-21T23:59:00'),
        at('2026-11-21T00:00:00'),
        at('2026-11-20T23:00:00'),
        at('2026-11-16T00:00:00'),
        at('2026-11-15T23:59:00'),
        at('2026-11-15T08:00:00'),
        at('2026-10-01T08:00:00'),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.iso.slice(5, 16))])).toEqual([
      ['今天', ['11-22T09:59', '11-22T00:00']],
      ['昨天', ['11-21T23:59', '11-21T00:00']],
      ['最近 7 天', ['11-20T23:00', '11-16T00:00']],
      ['2026-11-15', ['11-15T23:59', '11-15T08:00']],
      ['2026-10-01', ['10-01T08:00']],
    ]);
  });

  it('has no headings for no conversations', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
