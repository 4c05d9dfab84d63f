import type { ChatMessage, TagRef } from '@chuhai/contract';
import { create } from 'zustand';

/** The exchange being answered right now, before it joins the conversation list. */
export interface PendingExchange {
  question: string;
  chatType: 1 | 2;
  tagId: TagRef | null;
  tagTitle: string | null;
  /** The server's id once the stream has started. */
  id: number | null;
  createdAt: number;
  text: string;
  phase: 'waiting' | 'streaming' | 'failed';
  error: string | null;
  /** The exchange a regenerate replaces. */
  replaces: number | null;
}

/** A tag chosen for the next question: the user's own (number id) or a library prompt (`lib-…`). */
export interface ChosenTag {
  id: TagRef;
  title: string;
}

/** What a 200001/200002 answer said, for the dialog that leads to /price. */
export interface QuotaNotice {
  code: number;
  msg: string;
}

interface ChatState {
  draft: string;
  chatType: 1 | 2;
  tag: ChosenTag | null;
  pending: PendingExchange | null;
  controller: AbortController | null;
  quotaNotice: QuotaNotice | null;
  /** Why the last answer ended early, shown under the conversation until the next question. */
  notice: string | null;
  setNotice: (notice: string | null) => void;
  setDraft: (draft: string) => void;
  setChatType: (chatType: 1 | 2) => void;
  setTag: (tag: ChosenTag | null) => void;
  begin: (pending: PendingExchange, controller: AbortController) => void;
  started: (id: number, createdAt: number) => void;
  appendText: (text: string) => void;
  fail: (error: string) => void;
  finish: () => void;
  stop: () => void;
  showQuota: (notice: QuotaNotice | null) => void;
}

const INITIAL = {
  draft: '',
  chatType: 1 as const,
  tag: null,
  pending: null,
  controller: null,
  quotaNotice: null,
  notice: null,
};

/** Back to a fresh screen (tests; signing out). */
export function resetChatStore(): void {
  useChatStore.setState(INITIAL);
}

/** Client state of the question screen; server state (the conversation) lives in TanStack Query. */
export const useChatStore = create<ChatState>((set, get) => ({
  ...INITIAL,
  setNotice: (notice) => set({ notice }),
  setDraft: (draft) => set({ draft }),
  setChatType: (chatType) => set({ chatType }),
  setTag: (tag) => set({ tag }),
  begin: (pending, controller) => set({ pending, controller, notice: null }),
  started: (id, createdAt) =>
    set((s) => (s.pending ? { pending: { ...s.pending, id, createdAt, phase: 'streaming' } } : {})),
  appendText: (text) =>
    set((s) => (s.pending ? { pending: { ...s.pending, text: s.pending.text + text } } : {})),
  fail: (error) =>
    set((s) => (s.pending ? { pending: { ...s.pending, phase: 'failed', error }, controller: null } : {})),
  finish: () => set({ pending: null, controller: null }),
  stop: () => get().controller?.abort(),
  showQuota: (quotaNotice) => set({ quotaNotice }),
}));

/** The finished form of a pending exchange, as the conversation list shows it. */
export function toMessage(pending: PendingExchange, status: ChatMessage['status']): ChatMessage {
  return {
    id: pending.id ?? -1,
    conversationId: 0,
    content: pending.question,
    answer: pending.text,
    chatType: pending.chatType,
    tagId: pending.tagId,
    tagTitle: pending.tagTitle,
    status,
    createdAt: pending.createdAt,
  };
}
