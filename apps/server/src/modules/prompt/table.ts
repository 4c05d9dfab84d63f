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

export interface PromptTables {
  msg_tags: MsgTagTable;
}
