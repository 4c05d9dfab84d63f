import { type Static, Type } from 'typebox';
import { TRANSLATE_LANGUAGES, TRANSLATE_LIMITS } from './translate.ts';

/**
 * 图片翻译's 术语表: the seller's stored terms, used in every translation they run. An entry is a
 * source term as printed on supplier images and, for one target language or all of them, either
 * "keep as is" (`translation: null`) or a fixed translation written verbatim.
 */

/** `target` of an entry that applies to every language. */
export const GLOSSARY_ALL_LANGUAGES = 'all';

/** The target choices, in the order the form offers them. */
export const GLOSSARY_TARGETS = [
  { code: GLOSSARY_ALL_LANGUAGES, name: '所有语言' },
  ...TRANSLATE_LANGUAGES.map((l) => ({ code: l.code as string, name: l.name as string })),
];

export const GlossaryEntry = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  /** A language code of TRANSLATE_LANGUAGES, or `all`. */
  target: Type.String(),
  /** Null: the source is kept as it is. */
  translation: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Integer(),
});
export type GlossaryEntry = Static<typeof GlossaryEntry>;

/**
 * Add or edit an entry. Lengths are checked by `glossaryEntryProblem` (the same words on the form
 * and from the server); the schema only stops absurd bodies.
 */
export const GlossaryEntryBody = Type.Object({
  source: Type.String({ maxLength: 400 }),
  target: Type.String({ maxLength: 8 }),
  translation: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
});
export type GlossaryEntryBody = Static<typeof GlossaryEntryBody>;

export const GlossaryIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

/** A term as stored and compared: trimmed, every run of spaces or line breaks one space. */
export function normalGlossaryText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The entry as it will be stored: trimmed, and an empty translation meaning "keep as is". */
export function normalGlossaryEntry(body: GlossaryEntryBody): GlossaryEntryBody {
  const translation = normalGlossaryText(body.translation ?? '');
  return {
    source: normalGlossaryText(body.source),
    target: body.target.trim(),
    translation: translation === '' ? null : translation,
  };
}

/** The Chinese problem with an entry, or null when it may be saved. */
export function glossaryEntryProblem(body: GlossaryEntryBody): string | null {
  const entry = normalGlossaryEntry(body);
  if (entry.source === '') return '请填写原文（图片上的文字）';
  if (entry.source.length > TRANSLATE_LIMITS.glossarySourceLength)
    return `原文最多 ${TRANSLATE_LIMITS.glossarySourceLength} 个字，当前 ${entry.source.length} 个字`;
  if (!GLOSSARY_TARGETS.some((t) => t.code === entry.target)) return '请选择这条术语用于哪种语言';
  if (entry.translation && entry.translation.length > TRANSLATE_LIMITS.glossaryTranslationLength)
    return `译文最多 ${TRANSLATE_LIMITS.glossaryTranslationLength} 个字，当前 ${entry.translation.length} 个字`;
  return null;
}

/** The language an entry applies to, as the seller reads it: 「所有语言」, 「英语」… */
export function glossaryTargetName(target: string): string {
  return GLOSSARY_TARGETS.find((t) => t.code === target)?.name ?? target;
}
