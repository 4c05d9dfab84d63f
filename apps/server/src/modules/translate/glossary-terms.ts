import { GLOSSARY_ALL_LANGUAGES, type GlossaryTerm } from '@chuhai/contract';
import { countSourceChars } from '../../imaging/ocr/index.ts';

/**
 * The seller's glossary in one translation, without a database or a model: which terms apply, which
 * a block contains, whether a translation follows them, and the one fix that is always safe.
 */

/** How terms and text are compared: NFKC (OCR reads ¥ as ￥), no spaces (the OCR's guess), any case. */
export function bare(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/**
 * The terms of one translation into `target`. For the same source, this request's `keep` wins over
 * an entry for `target`, which wins over one for its language without the region (a Spanish entry
 * serves Mexico's Spanish, a Portuguese one Brazil's: sellers wrote their glossary before 一键出海
 * had regional sites), which wins over an entry for all languages.
 */
export function termsFor(
  entries: { source: string; target: string; translation: string | null }[],
  target: string,
  keep: string[],
): GlossaryTerm[] {
  const byKey = new Map<string, GlossaryTerm>();
  const put = (source: string, translation: string | null) => {
    if (bare(source)) byKey.set(bare(source), { source, translation });
  };
  const language = target.split('-')[0];
  for (const e of entries) if (e.target === GLOSSARY_ALL_LANGUAGES) put(e.source, e.translation);
  if (language !== target) for (const e of entries) if (e.target === language) put(e.source, e.translation);
  for (const e of entries) if (e.target === target) put(e.source, e.translation);
  for (const word of keep) put(word, null);
  return [...byKey.values()];
}

/**
 * The terms a text contains, longest first. Where one term is part of a longer one found at the
 * same place (「小米」 in 「小米手环」), only the longer one applies there.
 */
export function termsIn(terms: GlossaryTerm[], text: string): GlossaryTerm[] {
  let rest = bare(text);
  const found: GlossaryTerm[] = [];
  for (const term of [...terms].sort((a, b) => bare(b.source).length - bare(a.source).length)) {
    const key = bare(term.source);
    if (!rest.includes(key)) continue;
    found.push(term);
    rest = rest.replaceAll(key, '\u0000');
  }
  return found;
}

/** Whether a translation follows a term: a kept term is still there, a fixed translation is written. */
export function follows(term: GlossaryTerm, translation: string): boolean {
  return bare(translation).includes(bare(term.translation ?? term.source));
}

/** The terms in a source block that its translation does not follow. */
export function missedTerms(terms: GlossaryTerm[], source: string, translation: string): GlossaryTerm[] {
  return termsIn(terms, source).filter((term) => !follows(term, translation));
}

/** A block that is exactly one term with a fixed translation needs no model: this is its translation. */
export function fixedBlock(terms: GlossaryTerm[], text: string): string | null {
  const key = bare(text);
  return terms.find((t) => t.translation !== null && bare(t.source) === key)?.translation ?? null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The one fix that is safe without the model: a term with a fixed translation that the model left
 * in Chinese (Chinese in a translation is wrong wherever it stands) is swapped for the fixed
 * translation, spaced from the words beside it. A term translated some other way, or a kept term
 * translated away, cannot be put right without knowing which words stand for it: the caller reports
 * those instead.
 */
export function enforceTerms(terms: GlossaryTerm[], source: string, translation: string): string {
  let out = translation;
  for (const term of termsIn(terms, source)) {
    const fixed = term.translation;
    if (fixed === null || follows(term, out) || countSourceChars(term.source) === 0) continue;
    // The OCR may have read spaces into the term, and the model may have kept them.
    const pattern = new RegExp([...term.source.replace(/\s+/g, '')].map(escapeRegExp).join('\\s*'), 'g');
    out = out.replace(pattern, (_match, offset: number, whole: string) => {
      const before = offset > 0 && WORD_CHAR.test(whole[offset - 1] as string) ? ' ' : '';
      const next = whole[offset + _match.length];
      const after = next !== undefined && WORD_CHAR.test(next) ? ' ' : '';
      return `${before}${fixed}${after}`;
    });
  }
  return out;
}
