import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendMsg } from '../api/send-msg';
import { jsonResponse, streamResponse, stubChatFetch } from './fake-stream';

afterEach(() => vi.unstubAllGlobals());

const FRAMES = [
  { event: 'start', data: { id: 9, conversationId: 1, createdAt: 1 } },
  { event: 'text', data: { text: '亚马逊🚀' } },
  { event: 'text', data: { text: '标题' } },
  { event: 'done', data: { id: 9, status: 'done', usage: null } },
];

describe('sendMsg', () => {
  it('asks for an event stream and hands over the text piece by piece, whatever the byte splits', async () => {
    for (const pieceSize of [1, 2, 3, 7]) {
      const calls = stubChatFetch(() => streamResponse(FRAMES, pieceSize));
      const texts: string[] = [];
      const outcome = await sendMsg(
        { content: '问题', chatType: 1 },
        { signal: new AbortController().signal, onStart: () => {}, onText: (t) => texts.push(t) },
      );
      expect(texts.join('')).toBe('亚马逊🚀标题');
      expect(outcome).toEqual({ type: 'done', id: 9, status: 'done' });
      expect(calls[0]?.body).toEqual({ content: '问题', chatType: 1 });
    }
  });

  it('turns a refusal before the stream (JSON 200002) into an error outcome with the code', async () => {
    stubChatFetch(() =>
      jsonResponse({ code: 200002, msg: '今日免费 AI 问答额度（20 次）已用完', data: { limit: 20 } }, 403),
    );
    const outcome = await sendMsg(
      { content: '问题' },
      { signal: new AbortController().signal, onStart: () => {}, onText: () => {} },
    );
    expect(outcome).toMatchObject({
      type: 'error',
      code: 200002,
      msg: '今日免费 AI 问答额度（20 次）已用完',
    });
  });

  it('reports an error event with its message, and a stream that ends without done as cut off', async () => {
    stubChatFetch(() =>
      streamResponse([
        FRAMES[0] as never,
        { event: 'error', data: { code: 502, msg: 'AI 服务出错了', refunded: true } },
      ]),
    );
    const failed = await sendMsg(
      { content: '问题' },
      { signal: new AbortController().signal, onStart: () => {}, onText: () => {} },
    );
    expect(failed).toMatchObject({ type: 'error', code: 502, msg: 'AI 服务出错了', refunded: true, id: 9 });

    stubChatFetch(() => streamResponse(FRAMES.slice(0, 2)));
    const cut = await sendMsg(
      { content: '问题' },
      { signal: new AbortController().signal, onStart: () => {}, onText: () => {} },
    );
    expect(cut).toMatchObject({ type: 'error', refunded: false, id: 9 });
  });

  it('reports a stop as abort', async () => {
    const controller = new AbortController();
    stubChatFetch((_body, signal) => streamResponse(FRAMES, 1, signal));
    const outcome = await sendMsg(
      { content: '问题' },
      { signal: controller.signal, onStart: () => controller.abort(), onText: () => {} },
    );
    expect(outcome).toEqual({ type: 'abort', id: 9 });
  });
});
