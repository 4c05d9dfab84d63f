import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ChannelHooks,
  type Channels,
  type ChatRouter,
  createChannels,
  type ImageRouter,
} from './channels/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createOcrEngine, type OcrEngine } from './imaging/ocr/index.ts';
import { createPixelWork, type PixelWork } from './imaging/pixel-pool.ts';
import type { Clock } from './lib/clock.ts';
import type { ImageGenerator } from './providers/image/image-generator.ts';
import type { ChatModel } from './providers/llm/chat-model.ts';
import { createMattingEngine } from './providers/matting/index.ts';
import type { MattingEngine } from './providers/matting/matting-engine.ts';
import { alipayChannel } from './providers/payment/alipay-channel.ts';
import type { PaymentChannel } from './providers/payment/payment-channel.ts';
import { sandboxChannel } from './providers/payment/sandbox-channel.ts';
import { wechatChannel } from './providers/payment/wechat-channel.ts';
import { createSmsSender } from './providers/sms/index.ts';
import type { SmsSender } from './providers/sms/sms-sender.ts';
import type { FileStore } from './providers/storage/file-store.ts';
import { localFileStore } from './providers/storage/local-file-store.ts';
import { s3FileStore } from './providers/storage/s3-file-store.ts';
import { createJobQueue } from './queue/index.ts';
import type { JobQueue } from './queue/job-queue.ts';
import { defaultFreeWorkLanes, FreeWorkLanes } from './work/free-work-lanes.ts';

/**
 * Everything a module's services may use, built once in `app.ts` and handed to every module as
 * `{ deps }`. A service names the part it needs with `Pick<AppDeps, …>`, so its tests build only that.
 */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Stored files (drawings, cut-outs…): local disk or an S3-compatible bucket. */
  files: FileStore;
  /** Signs the `/files/…` links handed to a file's owner. */
  fileUrlSecret: string;
  smsSender: SmsSender;
  /** Every chat call: routed over the chat channels with failover; `models()` is null when none is on. */
  chatModel: ChatRouter;
  /** How long the chat provider may stay silent mid-answer before the answer is given up. */
  chatIdleTimeoutMs: number;
  /** Every text-to-image call (AI 绘画, AI scenes): routed over the image channels; `available()` says whether any is on. */
  imageGenerator: ImageRouter;
  /** The channels' routers and the console's view of their table (渠道, 服务状态). */
  channels: Channels;
  /** A drawing that takes longer than this is given up (and refunded). */
  drawTimeoutMs: number;
  matting: MattingEngine;
  /** Finds and reads text in images offline (图片翻译): PP-OCRv4 models run by onnxruntime on this machine. */
  ocr: OcrEngine;
  /**
   * The main image's pixel work (cut-out parts, erasing, white main image, check) in worker threads;
   * `.background` for a durable queue's work, which waits instead of being refused.
   */
  pixels: PixelWork;
  /** Work handed between nodes (批量处理's images): pg-boss on PostgreSQL, a table on SQLite. */
  queue: JobQueue;
  /** Products of one replace request matted at a time: the number of matting workers. */
  mattingLanes: number;
  /** This node's lanes for free work that draws or computes (重新生成, 修补): see work/free-work.ts. */
  freeWork: FreeWorkLanes;
  /** The payment channels this server offers, by name; the first real one is preselected. */
  payChannels: Map<string, PaymentChannel>;
}

/** What tests (and only tests) swap: the clock and the external systems. */
export interface DepsOverrides {
  clock?: Clock;
  smsSender?: SmsSender;
  chatModel?: ChatModel;
  /** Extra payment channels (tests add real adapters pointed at fake providers). */
  paymentChannels?: PaymentChannel[];
  /** Tests shorten DashScope's poll interval. */
  imagePollMs?: number;
  imageGenerator?: ImageGenerator | null;
  /** Providers' origins answered by fakes in 获取模型列表 and 刷新余额 (`https://api.deepseek.com` → a fake). */
  lookupStandIns?: Readonly<Record<string, string>>;
  /** A matting double; by default the configured engine (closed with the app). */
  matting?: MattingEngine;
  ocr?: OcrEngine;
}

function payChannels(config: Config, clock: Clock, extra: PaymentChannel[] = []) {
  const channels = new Map<string, PaymentChannel>();
  // Real channels first: the pay screen preselects the first one.
  if (config.payment.alipay) channels.set('alipay', alipayChannel(config.payment.alipay));
  if (config.payment.wechat)
    channels.set(
      'wechat',
      wechatChannel(config.payment.wechat, () => clock.now()),
    );
  for (const channel of extra) channels.set(channel.name, channel);
  if (config.payment.sandbox) channels.set('sandbox', sandboxChannel(config.payment.sandboxSecret));
  return channels;
}

/** Builds the providers the config names, with the test overrides in their place. */
export function buildDeps(
  config: Config,
  base: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger },
  overrides: DepsOverrides = {},
  channelHooks: ChannelHooks = {},
): AppDeps {
  const channels = createChannels(
    config,
    base,
    {
      chatModel: overrides.chatModel,
      imageGenerator: overrides.imageGenerator,
      imagePollMs: overrides.imagePollMs,
      lookupStandIns: overrides.lookupStandIns,
    },
    channelHooks,
  );
  return {
    config,
    ...base,
    files: config.storage.kind === 's3' ? s3FileStore(config.storage) : localFileStore(config.storage.dir),
    fileUrlSecret: config.fileUrlSecret,
    smsSender: overrides.smsSender ?? createSmsSender(config.sms, base.log),
    chatModel: channels.chat,
    chatIdleTimeoutMs: config.chat.idleTimeoutMs,
    imageGenerator: channels.images,
    channels,
    drawTimeoutMs: config.drawTimeoutMs,
    matting: overrides.matting ?? createMattingEngine(config.matting),
    ocr: overrides.ocr ?? createOcrEngine(),
    pixels: createPixelWork(config.pixelWorkers),
    mattingLanes: config.matting.workers,
    freeWork: new FreeWorkLanes(defaultFreeWorkLanes(config.matting.cores)),
    queue: createJobQueue(config.databaseUrl, base.db, base.log),
    payChannels: payChannels(config, base.clock, overrides.paymentChannels),
  };
}
