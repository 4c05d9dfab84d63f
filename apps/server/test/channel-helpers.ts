import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { App } from '../src/app.ts';
import { auth, post } from './account-helpers.ts';

/** A port nothing listens on: connections to it are refused at once. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

/**
 * A disabled chat channel as the console saves it: one stored key (ending 1234), no models and no
 * prices, with the admin's two-factor code; `extra` (name, baseUrl, …) over the defaults.
 */
export function chatChannelBody(totp: string, extra: Record<string, unknown>) {
  return {
    kind: 'chat',
    provider: 'openai',
    keys: ['sk-stored-secret-1234'],
    models: [],
    modelMap: {},
    priority: 0,
    weight: 1,
    enabled: false,
    priceInput: 0,
    priceOutput: 0,
    priceImage: 0,
    totp,
    ...extra,
  };
}

/** Saves a chat channel through 渠道管理 as the admin (it must be taken) and answers its id. */
export async function addChatChannel(
  app: App,
  adminToken: string,
  totp: string,
  extra: Record<string, unknown>,
): Promise<number> {
  const saved = await post(app, '/api/admin/channels', chatChannelBody(totp, extra), auth(adminToken));
  assert.equal(saved.statusCode, 200, saved.body);
  return saved.json().data as number;
}
