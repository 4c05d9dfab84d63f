import { createHash } from 'node:crypto';
import { keptPerOwner } from './kept-answers.ts';

/**
 * Work a job's sites would each do again on the same bytes, done once per job in this process:
 * the OCR reading the same picture for 亚马逊美国站 and 德国站's translations, the product cut out of
 * the same photo for the amazon and shopee main images (job-engines.ts). Only pure work is kept
 * (the same input gives the same output), so a hit answers exactly what the work would have, and a
 * miss (another node, a restart, an evicted entry) only does the work again. Kept per job, as the
 * shared results are: two jobs share nothing, as a job per product × site (bench/localise.ts's
 * 「before」) shared nothing before issue 52.
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('base64url');

/**
 * A key for plain data with pictures in it: byte arrays are named by their SHA-256, so two inputs
 * get one key exactly when they hold the same bytes and the same data.
 */
export function contentKey(value: unknown): string {
  return sha256(
    JSON.stringify(value, function (this: Record<string, unknown>, key, plain) {
      // `this[key]` is the value before Buffer's toJSON turned it into a list of numbers.
      const raw = this[key];
      return raw instanceof Uint8Array ? `sha256:${sha256(raw)}` : plain;
    }),
  );
}

/** Bytes an answer holds in its byte arrays: what the budget counts. */
function bytesIn(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce((sum: number, item) => sum + bytesIn(item), 0);
}

/**
 * A copy of an answer (plain data, lists and byte arrays), each byte array a Buffer of its own:
 * structuredClone would give plain Uint8Arrays, and the whole pool a small Buffer is a slice of.
 */
function copyOf<T>(value: T): T {
  if (value instanceof Uint8Array) return Buffer.from(value) as T;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)])) as T;
}

/**
 * Key → answer, per database (each app, each test's, has its own: job ids repeat between them).
 */
const answersIn = keptPerOwner<unknown>({
  // Per database (a node): a 2000² picture's PNG is some 5 MB.
  budgetBytes: 96 * 1024 * 1024,
  // A product's sites are made within minutes of each other.
  keepMs: 15 * 60_000,
  bytesOf: bytesIn,
});

/**
 * Work of one job kept by its key within `place` (the node's database object): the first caller
 * makes it, later callers (and those waiting meanwhile) get a copy of its answer, so no site can
 * change another's. A failure is not kept: the next caller makes it again.
 */
export function onceInJob(place: object, jobId: number) {
  const answers = answersIn(place);
  return async <T>(what: string, key: string, make: () => Promise<T>): Promise<T> =>
    copyOf((await answers(`${jobId}:${what}:${key}`, make)) as T);
}
