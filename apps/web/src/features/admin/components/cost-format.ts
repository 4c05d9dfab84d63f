/** Yuan with as many decimals as a small cost needs (a question costs a fraction of a fen). */
export function formatCost(yuan: number): string {
  if (yuan === 0) return '0';
  const digits = Math.abs(yuan) >= 1 ? 2 : 4;
  return yuan.toFixed(digits);
}

/**
 * Margin as a share of revenue, to a tenth of a percent; 「—」 without revenue. A margin with any
 * cost in it never reads 100% (¥0.08 of AI against ¥158 paid is 99.9%, not a free seller).
 */
export function marginRate(revenue: number, margin: number): string {
  if (revenue <= 0) return '—';
  const rate = Math.round((margin / revenue) * 1000) / 10;
  return `${margin < revenue ? Math.min(rate, 99.9) : rate}%`;
}
