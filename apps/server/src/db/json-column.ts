/**
 * A JSON column read back: parsed, checked against what the repository promises, typed from there
 * on. A row that does not hold what it should is a bug or a hand edit, not a seller's mistake: it
 * fails loudly here, with the column's name, instead of as an undefined deep inside a worker.
 */
export function readJsonColumn<T>(raw: string, valid: (value: unknown) => value is T, column: string): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`${column} is not JSON`);
  }
  if (!valid(value)) throw new Error(`${column} does not hold what it should`);
  return value;
}

/** An array whose every element is an object with a string `key`: the stored files of a row. */
export const isListOfKeyed = <T extends { key: string }>(value: unknown): value is T[] =>
  Array.isArray(value) &&
  value.every((v) => typeof v === 'object' && v !== null && typeof (v as { key: unknown }).key === 'string');

/** An array of objects. */
export const isListOfObjects = <T extends object>(value: unknown): value is T[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null);

/** A status column read back: one of `statuses`, or a loud failure naming the column. */
export function readStatusColumn<S extends string>(raw: string, statuses: readonly S[], column: string): S {
  if (!(statuses as readonly string[]).includes(raw))
    throw new Error(`${column} holds an unknown status: ${raw}`);
  return raw as S;
}
