import type { ChatStreamEvents, SendMsgBody } from '@chuhai/contract';
import { ApiError } from '../../../lib/api-client';
import { fetchSSE } from '../../../lib/sse';

/** How one answer ended. `error` carries the server's code and message. */
export type SendOutcome =
  | { type: 'done'; id: number; status: 'done' | 'stopped' }
  | { type: 'error'; code: number; msg: string; data: unknown; refunded: boolean; id: number | null }
  | { type: 'abort'; id: number | null };

export interface SendHandlers {
  signal: AbortSignal;
  onStart: (start: ChatStreamEvents['start']) => void;
  onText: (text: string) => void;
}

const URL = '/api/v1/sendMsg/';

/**
 * `POST /api/v1/sendMsg/` as a stream: the server answers JSON when it refuses before starting
 * (quota, VIP, blocked word, not configured, signed out), otherwise `text/event-stream`. Never
 * rejects: every ending is an outcome the screen shows. No timeout (spec section 7).
 */
export async function sendMsg(body: SendMsgBody, handlers: SendHandlers): Promise<SendOutcome> {
  let id: number | null = null;
  let ending: SendOutcome | null = null;
  try {
    const answer = await fetchSSE<unknown>(URL, {
      body,
      signal: handlers.signal,
      onEvent: (event, data) => {
        const payload = data as ChatStreamEvents[keyof ChatStreamEvents];
        if (event === 'start') {
          const start = payload as ChatStreamEvents['start'];
          id = start.id;
          handlers.onStart(start);
        } else if (event === 'text') handlers.onText((payload as ChatStreamEvents['text']).text);
        else if (event === 'done') {
          const done = payload as ChatStreamEvents['done'];
          ending = { type: 'done', id: done.id, status: done.status === 'stopped' ? 'stopped' : 'done' };
        } else if (event === 'error') {
          const error = payload as ChatStreamEvents['error'];
          ending = {
            type: 'error',
            code: error.code,
            msg: error.msg,
            data: null,
            refunded: error.refunded,
            id,
          };
        }
      },
    });
    // A plain envelope is only ever a refusal (thrown above); a success must come as a stream.
    if (answer.kind === 'json')
      return { type: 'error', code: 500, msg: '服务器返回了无法识别的内容', data: null, refunded: true, id };
    return (
      ending ?? {
        type: 'error',
        code: 502,
        msg: '连接中断，回答不完整，可以重新生成',
        data: null,
        refunded: false,
        id,
      }
    );
  } catch (error) {
    if (handlers.signal.aborted) return { type: 'abort', id };
    if (error instanceof ApiError) {
      return { type: 'error', code: error.code, msg: error.msg, data: error.data, refunded: true, id };
    }
    return {
      type: 'error',
      code: 0,
      msg: '网络连接失败，请检查网络后重试',
      data: null,
      refunded: id === null,
      id,
    };
  }
}
