import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChannelsConfig, LlmConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { ImageGenerator } from '../providers/image/image-generator.ts';
import type { ChatModel } from '../providers/llm/chat-model.ts';
import { ChannelBook } from './channel-book.ts';
import { type ChatRouter, chatRouter } from './chat-router.ts';
import { type ImageRouter, imageRouter } from './image-router.ts';
import { type KeyBox, keyBox } from './key-box.ts';

/** The provider registries: one router per kind over the channels' table, and the table's book. */
export interface Channels {
  book: ChannelBook;
  box: KeyBox;
  chat: ChatRouter;
  images: ImageRouter;
}

export function createChannels(
  config: { channels: ChannelsConfig; llm: LlmConfig },
  base: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger },
  doubles: { chatModel?: ChatModel; imageGenerator?: ImageGenerator | null; imagePollMs?: number } = {},
): Channels {
  const box = keyBox(config.channels.secret);
  const book = new ChannelBook(base, box, config.channels.cooldownMs, config.channels.firstByteMs);
  return {
    book,
    box,
    chat: chatRouter(book, {
      firstByteMs: config.channels.firstByteMs,
      maxTokens: config.llm.maxTokens,
      configured: { standard: config.llm.modelStandard, advanced: config.llm.modelAdvanced },
      fixed: doubles.chatModel,
    }),
    images: imageRouter(book, {
      allowLoopbackResults: config.channels.allowLoopbackResults,
      pollMs: doubles.imagePollMs,
      fixed: doubles.imageGenerator,
    }),
  };
}

export type { CallMeter } from './channel-book.ts';
export type { ChatRouter } from './chat-router.ts';
export type { ImageRouter } from './image-router.ts';
