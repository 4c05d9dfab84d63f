import type { ChatStreamEvents, Envelope, SendMsgBody } from '@chuhai/contract';
import { ApiError, buildHeaders, handleEnvelope } from '../../../lib/api-client';
import { readSse } from '../../../lib/sse';

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
    const response = await fetch(URL, {
      method: 'POST',
      headers: buildHeaders(URL, { json: true, accept: 'text/event-stream' }),
      body: JSON.stringify(body),
      signal: handlers.signal,
    });
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
      const envelope = (await response.json().catch(() => ({
        code: response.status,
        msg: '服务器返回了无法识别的内容',
        data: null,
      }))) as Envelope<unknown>;
      // Applies the error catalogue (auth failures, caller-handled codes); always throws here.
      handleEnvelope(envelope, { url: URL, silent: true });
      return { type: 'error', code: 500, msg: '服务器返回了无法识别的内容', data: null, refunded: true, id };
    }
    await readSse(response.body, ({ event, data }) => {
      const payload = JSON.parse(data);
      if (event === 'start') {
        id = payload.id;
        handlers.onStart(payload);
      } else if (event === 'text') handlers.onText(payload.text);
      else if (event === 'done') ending = { type: 'done', id: payload.id, status: payload.status };
      else if (event === 'error')
        ending = {
          type: 'error',
          code: payload.code,
          msg: payload.msg,
          data: null,
          refunded: payload.refunded,
          id,
        };
    });
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
