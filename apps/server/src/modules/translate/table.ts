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

/**
 * One translation as the editor last showed it, so 最近作品's 继续编辑 and a reload open it again:
 * kept as long as its erased picture, removed with it (the references cascade).
 */
export interface TranslationTable {
  id: Generated<number>;
  user_id: number;
  /** The erased picture (stored image `translate-bg`) the blocks are drawn on. */
  background_id: number;
  /** The latest drawing (stored image `translate`): the one 最近作品 offers to edit. */
  result_id: number;
  /** JSON: `TranslationDocument` (the TranslateResult without its links, which are signed per answer). */
  document: string;
  created_at: number;
  updated_at: number;
  keep_until: number;
}

export interface TranslateTables {
  translate_glossary: TranslateGlossaryTable;
  translations: TranslationTable;
}
