/** Fen (integer) to a yuan string with two decimals, as providers take amounts: 2990 → "29.90". */
export function fenToYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** A provider's yuan string to fen without floating point: "29.9" → 2990; null if it is not an amount. */
export function yuanToFen(yuan: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
