import { readFileSync } from 'node:fs';

/**
 * A word-list check on questions before they reach the model. The list is data
 * (`blocked-words.txt`); matching ignores spacing, punctuation, case and full-width forms, so
 * "代 开·发票" is caught as well as "代开发票".
 */

/** Lower case, NFKC (full-width to half-width), no spaces or punctuation. */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

export function parseWordList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(normaliseForMatch)
    .filter((word) => word !== '');
}

let words: string[] | null = null;

function blockedWords(): string[] {
  words ??= parseWordList(readFileSync(new URL('./blocked-words.txt', import.meta.url), 'utf8'));
  return words;
}

/** The first blocked word the text contains, or null. */
export function findBlockedWord(text: string, list: readonly string[] = blockedWords()): string | null {
  const normalised = normaliseForMatch(text);
  return list.find((word) => normalised.includes(word)) ?? null;
}
