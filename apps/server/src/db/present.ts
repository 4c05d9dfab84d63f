/**
 * A row this request has just written (or holds under a lock), read back: it is there, so its
 * absence is a bug, said loudly with what was missing, not a seller's 404 and not a cast.
 */
export function present<Row>(row: Row | undefined, what: string): Row {
  if (row === undefined) throw new Error(`${what} is gone`);
  return row;
}
