import type { Generated } from 'kysely';

/**
 * A conversation: the exchanges sent together as context. `msgClear` closes it and the next
 * question opens another; opening a closed one from the list makes it the open one again.
 */
export interface ChatConversationTable {
  id: Generated<number>;
  user_id: number;
  /** The seller's name for it; null: the list shows the start of its first question. */
  title: string | null;
  created_at: number;
  closed_at: number | null;
}

/** One exchange: a question and its (possibly partial) answer. */
export interface ChatMessageTable {
  id: Generated<number>;
  user_id: number;
  conversation_id: number;
  content: string;
  answer: string;
  /** 1 standard, 2 advanced. */
  chat_type: number;
  /** The model that answered, for support questions and cost checks. */
  model: string;
  /** The tag used as the system prompt: a user tag id or a library prompt id, kept as text. */
  tag_ref: string | null;
  /** The tag's title at the time, so history still reads well after the tag is edited or deleted. */
  tag_title: string | null;
  /** `streaming` while the answer is written, then `done` or `stopped`. */
  status: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChatTables {
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
}
