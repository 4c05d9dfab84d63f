import { AUTH_FAILURE_CODES, type ChatMessage, ResultCode } from '@chuhai/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateSpending } from '../../entities/account/spending';
import { chatKeys } from './api/chat-keys';
import { addToConversation, getMsgList } from './api/get-msg-list';
import { sendMsg } from './api/send-msg';
import { toMessage, useChatStore } from './stores/chat-store';

/**
 * Text arrives in many small pieces; the screen takes them at most once per frame, so a fast stream
 * costs one render per frame instead of one per piece.
 */
function frameBatcher(flush: (text: string) => void) {
  let buffer = '';
  let frame: number | null = null;
  const run = () => {
    frame = null;
    const text = buffer;
    buffer = '';
    if (text) flush(text);
  };
  return {
    push(text: string) {
      buffer += text;
      frame ??= requestAnimationFrame(run);
    },
    drain() {
      if (frame !== null) cancelAnimationFrame(frame);
      run();
    },
  };
}

/**
 * After a stop, the server may have sent (and saved) a few pieces the browser dropped when it cut
 * the connection. Once the server has saved the exchange, its version replaces the local one, so
 * what is on screen is what history will show.
 */
async function reconcileStopped(client: QueryClient, id: number) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 150 * (attempt + 1)));
    const page = await getMsgList().catch(() => null);
    const saved = page?.list.find((m) => m.id === id);
    if (saved && saved.status !== 'streaming') {
      addToConversation(client, saved, null);
      return;
    }
    if (page && !saved) return;
  }
}

/** Asks a question (or regenerates an answer) and follows the stream to its end. */
export function useAsk() {
  const client = useQueryClient();
  return useCallback(
    async (input: { question: string; regenerate?: ChatMessage }) => {
      const store = useChatStore.getState();
      if (store.pending && store.pending.phase !== 'failed') return;
      const controller = new AbortController();
      const replaces = input.regenerate?.id ?? null;
      store.begin(
        {
          question: input.question,
          chatType: store.chatType,
          tagId: store.tag?.id ?? null,
          tagTitle: store.tag?.title ?? null,
          id: null,
          createdAt: Date.now(),
          text: '',
          phase: 'waiting',
          error: null,
          replaces,
        },
        controller,
      );
      if (!input.regenerate) store.setDraft('');

      const batch = frameBatcher((text) => useChatStore.getState().appendText(text));
      const outcome = await sendMsg(
        {
          content: input.question,
          chatType: store.chatType,
          ...(store.tag ? { tagId: store.tag.id } : {}),
          ...(replaces ? { regenerateId: replaces } : {}),
        },
        {
          signal: controller.signal,
          onStart: (start) => {
            useChatStore.getState().started(start.id, start.createdAt);
            // The question is saved: a new conversation joins the list, a continued one moves up.
            client.invalidateQueries({ queryKey: chatKeys.conversations() });
          },
          onText: (text) => batch.push(text),
        },
      );
      batch.drain();
      void invalidateSpending(client);
      client.invalidateQueries({ queryKey: chatKeys.history() });

      const state = useChatStore.getState();
      const pending = state.pending;
      if (!pending) return;
      const hasText = pending.text !== '' && pending.id !== null;

      if (outcome.type === 'done' || hasText) {
        // A stop or a cut after some text: the server kept the partial answer, marked stopped.
        const status = outcome.type === 'done' ? outcome.status : 'stopped';
        addToConversation(client, toMessage(pending, status), replaces);
        state.finish();
        if (outcome.type === 'abort' && pending.id !== null) void reconcileStopped(client, pending.id);
        if (outcome.type === 'error') state.setNotice(`${outcome.msg}（已保留已生成的部分，可以重新生成）`);
        return;
      }
      // The server removed the unanswered question, and with it maybe a conversation just listed.
      if (pending.id !== null) client.invalidateQueries({ queryKey: chatKeys.conversations() });
      // Nothing was answered: the question goes back into the box so nothing typed is lost.
      if (!input.regenerate) state.setDraft(input.question);
      if (outcome.type === 'abort') {
        state.finish();
        return;
      }
      if (outcome.code === ResultCode.vipRequired || outcome.code === ResultCode.quotaExceeded) {
        state.finish();
        state.showQuota({ code: outcome.code, msg: outcome.msg });
        return;
      }
      const message = AUTH_FAILURE_CODES.includes(outcome.code)
        ? '登录已失效，请重新登录后再提问'
        : outcome.msg;
      state.fail(message);
    },
    [client],
  );
}
