import type { ChatStreamEventName } from '@chuhai/contract';
import type { App, BuildAppOptions } from '../src/app.ts';
import { buildAccountApp, post, registerUser } from './account-helpers.ts';
import { type FakeOpenAi, type FakeOpenAiOptions, startFakeOpenAi } from './fakes/fake-openai.ts';
import { signedHeaders } from './helpers.ts';

export interface SseEvent {
  event: ChatStreamEventName;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the event has
  data: any;
}

/** Splits an event-stream body into its events; comment lines are counted apart. */
export function parseSse(body: string): { events: SseEvent[]; comments: number } {
  const events: SseEvent[] = [];
  let comments = 0;
  for (const frame of body.split('\n\n')) {
    if (frame.trim() === '') continue;
    if (frame.startsWith(':')) {
      comments += 1;
      continue;
    }
    const event = /^event: (.+)$/m.exec(frame)?.[1];
    const data = /^data: (.+)$/m.exec(frame)?.[1];
    if (event && data) events.push({ event: event as ChatStreamEventName, data: JSON.parse(data) });
  }
  return { events, comments };
}

/** The answer text carried by a stream's `text` events. */
export function streamedText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === 'text')
    .map((e) => e.data.text)
    .join('');
}

/** An app wired to a fresh fake OpenAI server, and a registered user. */
export async function buildChatApp(
  env: Record<string, string> = {},
  fakeOptions: FakeOpenAiOptions = {},
  appOptions: BuildAppOptions = {},
) {
  const fake = await startFakeOpenAi(fakeOptions);
  const built = await buildAccountApp(
    {
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'sk-test-key',
      LLM_MODEL_STANDARD: 'fake-standard',
      LLM_MODEL_ADVANCED: 'fake-advanced',
      LLM_IDLE_TIMEOUT_MS: '400',
      CHAT_HEARTBEAT_MS: '40',
      ...env,
    },
    appOptions,
  );
  const token = await registerUser(built, '13900001111');
  return {
    ...built,
    fake,
    token,
    close: async () => {
      await built.close();
      await fake.close();
    },
  };
}

/** Asks through the stream, as the web app does. */
export async function askStreaming(app: App, token: string, body: Record<string, unknown>) {
  const response = await post(app, '/api/v1/sendMsg/', body, { token, accept: 'text/event-stream' });
  return { response, ...parseSse(response.body) };
}

/** Asks for a JSON answer. */
export function askJson(app: App, token: string, body: Record<string, unknown>) {
  return post(app, '/api/v1/sendMsg/', body, { token });
}

/** A POST as the browser sends it, over a real socket (inject() has none), asking for the event stream. */
export function postOverHttp(base: string, token: string, url: string, body: unknown, signal?: AbortSignal) {
  return fetch(base + url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      token,
      ...signedHeaders(url),
    },
    body: JSON.stringify(body),
  });
}

export type { FakeOpenAi };
