import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChannelsConfig, LlmConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { ImageGenerator } from '../providers/image/image-generator.ts';
import type { ChatModel } from '../providers/llm/chat-model.ts';
import { ChannelBook, type ChannelHooks } from './channel-book.ts';
import { type ChatRouter, chatRouter } from './chat-router.ts';
import { type ChannelConsole, channelConsole } from './console.ts';
import { type ImageRouter, imageRouter } from './image-router.ts';
import { keyBox } from './key-box.ts';

/**
 * The channels layer's one door: the two routers every paid call goes through, and the console's
 * view of the channels' table. Nothing outside channels/ imports its other files (db/ takes the
 * table's types from table.ts).
 */
export interface Channels {
  chat: ChatRouter;
  images: ImageRouter;
  console: ChannelConsole;
}

export function createChannels(
  config: { channels: ChannelsConfig; llm: LlmConfig },
  base: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger },
  doubles: {
    chatModel?: ChatModel;
    imageGenerator?: ImageGenerator | null;
    imagePollMs?: number;
    /** Providers' origins answered by fakes in the console's lookups (`https://api.deepseek.com` → …). */
    lookupStandIns?: Readonly<Record<string, string>>;
  } = {},
  hooks: ChannelHooks = {},
): Channels {
  const box = keyBox(config.channels.secret);
  const privateNetworks = config.channels.privateNetworks ?? [];
  const book = new ChannelBook(base, box, hooks, config.channels);
  const chat = chatRouter(book, {
    firstByteMs: config.channels.firstByteMs,
    maxTokens: config.llm.maxTokens,
    configured: { standard: config.llm.modelStandard, advanced: config.llm.modelAdvanced },
    fixed: doubles.chatModel,
  });
  const images = imageRouter(book, {
    privateNetworks,
    pollMs: doubles.imagePollMs,
    fixed: doubles.imageGenerator,
  });
  return {
    chat,
    images,
    console: channelConsole({
      ...base,
      box,
      book,
      chat,
      images,
      lookupTimeoutMs: config.channels.lookupTimeoutMs,
      privateNetworks,
      standIns: doubles.lookupStandIns,
    }),
  };
}

export type { CallMeter, ChannelHooks, StateChange } from './channel-book.ts';
export type { ChatRouter } from './chat-router.ts';
export { type AuditedChannel, type ChannelConsole, channelCosts } from './console.ts';
/** A failed test call in the operator's words (服务状态 · 测试 as well as 渠道 · 测试). */
export { callFailureText } from './failure-text.ts';
export type { ImageRouter } from './image-router.ts';
/** 成本 · 调用明细 and 卖家排行: the ledger's rows one by one and summed per seller. */
export {
  type CallFilter,
  costlySellers,
  countLedgerCalls,
  ledgerCallsPage,
  sellerTotals,
} from './ledger-queries.ts';
/** 注销: the seller's calls stay in the cost ledger, without their name (in the caller's transaction). */
export { unlinkUserCalls, userCostMicros } from './repository.ts';
