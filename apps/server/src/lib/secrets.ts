import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a text: how tokens and SMS codes are stored. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares two texts in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
