import type { Generated } from 'kysely';

/** 图片翻译's 术语表: one stored term of a seller. */
export interface TranslateGlossaryTable {
  id: Generated<number>;
  user_id: number;
  /** The text as printed on supplier images, trimmed. */
  source: string;
  /** A language code of TRANSLATE_LANGUAGES, or `all`. */
  target: string;
  /** Written verbatim in that language; null keeps the source as it is. */
  translation: string | null;
  created_at: number;
  updated_at: number;
}

export interface TranslateTables {
  translate_glossary: TranslateGlossaryTable;
}
