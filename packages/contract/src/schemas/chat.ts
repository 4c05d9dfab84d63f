import { type Static, Type } from 'typebox';
import { CHAT_LIMITS } from '../limits.ts';
import { Page, PageQuery } from './paging.ts';

/**
 * AI 问答 calls (spec section 7, PRODUCT.md "Chat"). Sizes are checked here; meaning (blocked words,
 * whose tag it is) by the server.
 */

/** A user's tag id (number), or a library prompt id (`lib-…`). */
export const TagRef = Type.Union([
  Type.Integer({ minimum: 1 }),
  Type.String({ pattern: '^(lib-[a-z0-9-]{1,60}|[0-9]{1,15})$' }),
]);
export type TagRef = Static<typeof TagRef>;

export const ChatTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2)]);

/** `POST /api/v1/sendMsg/` */
export const SendMsgBody = Type.Object({
  content: Type.String({ maxLength: CHAT_LIMITS.questionMaxLength + 1000 }),
  chatType: Type.Optional(ChatTypeSchema),
  tagId: Type.Optional(TagRef),
  /** Answer this earlier exchange again: its answer is replaced once the new one has text. */
  regenerateId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SendMsgBody = Static<typeof SendMsgBody>;

export const MESSAGE_STATUSES = ['streaming', 'done', 'stopped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const TokenUsage = Type.Object({
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
});
export type TokenUsage = Static<typeof TokenUsage>;

/** One exchange: the question and its answer. */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  conversationId: Type.Integer(),
  content: Type.String(),
  answer: Type.String(),
  chatType: ChatTypeSchema,
  tagId: Type.Union([TagRef, Type.Null()]),
  tagTitle: Type.Union([Type.String(), Type.Null()]),
  /** `stopped`: the answer was cut short (stop button, closed tab, upstream cut). */
  status: Type.Union([Type.Literal('streaming'), Type.Literal('done'), Type.Literal('stopped')]),
  createdAt: Type.Number(),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** `POST /api/v1/sendMsg/` as JSON (a client that does not accept `text/event-stream`). */
export const SendMsgResult = Type.Object({
  message: ChatMessage,
  usage: Type.Union([TokenUsage, Type.Null()]),
});
export type SendMsgResult = Static<typeof SendMsgResult>;

/**
 * The events of the `text/event-stream` answer. `text` carries the next piece of the answer; the
 * stream ends with exactly one `done` or `error`. Comment lines (`: ping`) keep proxies awake.
 */
export interface ChatStreamEvents {
  start: { id: number; conversationId: number; createdAt: number };
  text: { text: string };
  done: { id: number; status: MessageStatus; usage: TokenUsage | null };
  error: { code: number; msg: string /** Whether the use was given back. */; refunded: boolean };
}
export type ChatStreamEventName = keyof ChatStreamEvents;

export const MessagePage = Page(ChatMessage);
export type MessagePage = Static<typeof MessagePage>;

/** `GET /api/v1/getMsgList`: the current conversation, newest page first, oldest first in a page. */
export const MessageListQuery = PageQuery('messages');

/** `GET /api/v1/getMsgHistoryList`: every past exchange, newest first, optionally searched. */
export const HistoryQuery = PageQuery('messages', {
  keyword: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.historyKeywordMaxLength })),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** `GET /api/v1/deleteMsg`, `GET /api/v1/deleteMsgTag`: `ids=1,2,3`. */
export const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 1600 }) });

export const DeletedResult = Type.Object({ deleted: Type.Integer() });
export type DeletedResult = Static<typeof DeletedResult>;

/** `POST /api/v1/msgClear`: ends the current conversation; `all` also deletes every past exchange. */
export const MsgClearBody = Type.Object({ all: Type.Optional(Type.Boolean()) });
export type MsgClearBody = Static<typeof MsgClearBody>;

/**
 * A conversation as the list beside the chat shows it. `current` is the one `getMsgList` shows and
 * the next question goes into; any other can be opened to become current again.
 */
export const Conversation = Type.Object({
  id: Type.Integer(),
  /** The seller's name for it, else the start of its first question. */
  title: Type.String(),
  /** Whether `title` is one the seller set. */
  renamed: Type.Boolean(),
  /** Exchanges in it. */
  exchanges: Type.Integer(),
  createdAt: Type.Number(),
  /** When its latest question was asked: the list is ordered and grouped by day by it. */
  updatedAt: Type.Number(),
  current: Type.Boolean(),
});
export type Conversation = Static<typeof Conversation>;

export const ConversationPage = Page(Conversation);
export type ConversationPage = Static<typeof ConversationPage>;

/** `GET /api/v1/conversations`: newest activity first; `keyword` searches names, questions and answers. */
export const ConversationListQuery = PageQuery('conversations', {
  keyword: Type.Optional(Type.String({ maxLength: CHAT_LIMITS.historyKeywordMaxLength })),
});
export type ConversationListQuery = Static<typeof ConversationListQuery>;

/** `/api/v1/conversations/:id/…` */
export const ConversationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * `POST /api/v1/conversations/:id/rename`. The schema only bounds the size; the server says the
 * rule (`conversationTitleProblem`) in words.
 */
export const RenameConversationBody = Type.Object({
  title: Type.String({ maxLength: CHAT_LIMITS.conversationTitleMaxLength + 1000 }),
});
export type RenameConversationBody = Static<typeof RenameConversationBody>;

/** A saved prompt tag (spec section 3: id, prompt, msgTagTitleName). */
export const MsgTag = Type.Object({
  id: Type.Integer(),
  prompt: Type.String(),
  msgTagTitleName: Type.String(),
  updatedAt: Type.Number(),
});
export type MsgTag = Static<typeof MsgTag>;

export const MsgTagPage = Page(MsgTag);
export type MsgTagPage = Static<typeof MsgTagPage>;

const TagTitle = Type.String({ maxLength: 200 });
const TagPrompt = Type.String({ maxLength: CHAT_LIMITS.tagPromptMaxLength + 1000 });

export const CreateMsgTagBody = Type.Object({ prompt: TagPrompt, msgTagTitleName: TagTitle });
export type CreateMsgTagBody = Static<typeof CreateMsgTagBody>;
export const EditMsgTagBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  prompt: TagPrompt,
  msgTagTitleName: TagTitle,
});
export type EditMsgTagBody = Static<typeof EditMsgTagBody>;

/** A prompt of the built-in library. */
export const LibraryPrompt = Type.Object({
  id: Type.String(),
  msgTagTitleName: Type.String(),
  /** One line on what it is for. */
  summary: Type.String(),
  prompt: Type.String(),
});
export type LibraryPrompt = Static<typeof LibraryPrompt>;

export const PromptCategory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prompts: Type.Array(LibraryPrompt),
});
export type PromptCategory = Static<typeof PromptCategory>;

export const PromptCategoryQuery = Type.Object({
  /** Only this category. */
  categoryId: Type.Optional(Type.String({ maxLength: 40 })),
  /** Only prompts whose title or summary contains this. */
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});

/** `GET /api/v1/getChatConfig`: whether chat works and which models exist, so the page can say. */
export const ChatConfig = Type.Object({
  configured: Type.Boolean(),
  advancedAvailable: Type.Boolean(),
  /** What an operator should set, shown when chat is not configured. */
  hint: Type.String(),
});
export type ChatConfig = Static<typeof ChatConfig>;
