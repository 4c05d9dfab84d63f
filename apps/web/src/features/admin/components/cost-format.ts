/** Yuan with as many decimals as a small cost needs (a question costs a fraction of a fen). */
export function formatCost(yuan: number): string {
  if (yuan === 0) return '0';
  const digits = Math.abs(yuan) >= 1 ? 2 : 4;
  return yuan.toFixed(digits);
}

/** Margin as a share of revenue; 「—」 without revenue. */
export const marginRate = (revenue: number, margin: number) =>
  revenue > 0 ? `${Math.round((margin / revenue) * 1000) / 10}%` : '—';
