/** Fen (integer) to a yuan string with two decimals: 2990 → "29.90". */
export function formatYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}
