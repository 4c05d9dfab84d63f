import { createHash, randomInt } from 'node:crypto';

/**
 * 兑换码 as people type them: 16 characters from 32 that cannot be mistaken for each other (no 0/O,
 * 1/I), 80 random bits, shown in groups of four. Only the SHA-256 of the normalised code is stored;
 * with 80 bits a guess succeeds about once in 10^24 tries, and guesses are rate-limited besides.
 */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const LENGTH = 16;
const PATTERN = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

export function newRedeemCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** What was typed, without spaces or dashes and in capitals; null when it cannot be a code. */
export function normaliseRedeemCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return PATTERN.test(code) ? code : null;
}

export function redeemCodeHash(normalised: string): string {
  return createHash('sha256').update(normalised).digest('hex');
}
