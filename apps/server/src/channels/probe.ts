import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { CallMeter, ChannelBook, LiveChannel } from './channel-book.ts';
import type { ChatRouter } from './chat-router.ts';
import type { ImageRouter } from './image-router.ts';
import { PROBE_PICTURE, PROBE_QUESTION } from './probe-calls.ts';
import { lastCallAt } from './repository.ts';

type Routers = { chat: ChatRouter; images: ImageRouter };

const answered = (text: string) => `模型回复：${text.slice(0, 40)}`;

async function drew(image: Buffer): Promise<string> {
  const meta = await sharp(image).metadata();
  return `生成了一张 ${meta.width}×${meta.height} 的图片（${Math.round(image.length / 1024)} KB）`;
}

/** One small call on one channel (渠道 · 测试, the scheduled test), and what it gave in the operator's words. */
export async function probeChannel(routers: Routers, channel: LiveChannel, claim: boolean): Promise<string> {
  if (channel.kind === 'chat') {
    const answer = await routers.chat.probe(channel, claim);
    return answer === null ? '另一个节点正在试探' : answered(answer);
  }
  const image = await routers.images.probe(channel, claim);
  return image === null ? '另一个节点正在试探' : drew(image);
}

/**
 * One small call routed as a seller's would be (服务状态 · 测试): whichever channel answers, failover
 * included. Throws 「未配置」 when no channel of the kind is on.
 */
export async function probeRouted(routers: Routers, kind: 'chat' | 'image', userId: number): Promise<string> {
  const meter: CallMeter = { purpose: 'probe', userId };
  if (kind === 'chat') {
    const models = await routers.chat.models();
    if (!models) throw new Error('未配置');
    const answer = await routers.chat.complete({
      model: models.standard,
      messages: PROBE_QUESTION.messages,
      signal: AbortSignal.timeout(PROBE_QUESTION.timeoutMs),
      meter,
    });
    return answered(answer.text);
  }
  if (!(await routers.images.available())) throw new Error('未配置');
  const image = await routers.images.generate({
    prompt: PROBE_PICTURE.prompt,
    size: PROBE_PICTURE.size,
    signal: AbortSignal.timeout(PROBE_PICTURE.timeoutMs),
    meter,
  });
  return drew(image);
}

/** Chat channels with no call for this long get a scheduled test, so a dead key shows before a seller meets it. */
const IDLE_TEST_AFTER_MS = 30 * 60_000;

/**
 * The scheduled test: each channel whose cooldown is over gets its trial call, and each idle chat
 * channel a test; how many were tested. Image channels are not tested while healthy: a test picture
 * costs as much as a seller's.
 */
export async function testIdleChannels(
  parts: Routers & { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; book: ChannelBook },
): Promise<number> {
  const { book } = parts;
  const now = parts.clock.now();
  let tested = 0;
  for (const kind of ['chat', 'image'] as const) {
    for (const channel of await book.live(kind)) {
      if (channel.id === null) continue;
      const idle =
        kind === 'chat' &&
        !channel.cooling &&
        !channel.needsTrial &&
        Math.max(book.startedAt, (await lastCallAt(parts.db, channel.id)) ?? 0) < now - IDLE_TEST_AFTER_MS;
      if (!channel.needsTrial && !idle) continue;
      tested += 1;
      try {
        await probeChannel(parts, channel, channel.needsTrial);
      } catch (error) {
        parts.log.warn({ channel: channel.name, err: error }, 'scheduled channel test failed');
      }
    }
  }
  return tested;
}
