import type { Generated } from 'kysely';

/** A user's own prompt tag (spec: id, prompt, msgTagTitleName). */
export interface MsgTagTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  /** Markdown; sent as the system prompt when the tag is chosen. */
  prompt: string;
  created_at: number;
  updated_at: number;
}

/** A category of the built-in prompt library (seeded from library.json, edited in the console). */
export interface LibraryCategoryTable {
  id: string;
  name: string;
  /** 1 shown, 0 hidden (with its prompts). */
  enabled: number;
  sort_order: number;
}

/** A prompt of the library; its id (`lib-…`) is what a chat request names as `tagId`. */
export interface LibraryPromptTable {
  id: string;
  category_id: string;
  title: string;
  summary: string;
  prompt: string;
  enabled: number;
  sort_order: number;
  updated_at: number;
}

export interface PromptTables {
  msg_tags: MsgTagTable;
  library_categories: LibraryCategoryTable;
  library_prompts: LibraryPromptTable;
}
