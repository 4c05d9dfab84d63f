import { randomUUID } from 'node:crypto';
import { UPLOAD_LIMITS } from '@chuhai/contract';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import { databasePlugin } from './db/plugin.ts';
import { authPlugin } from './http/auth.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { requestSignaturePlugin } from './http/request-signature.ts';
import { securityPlugin } from './http/security.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { drawingRoutes } from './modules/drawing/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { inviteRoutes } from './modules/invite/routes.ts';
import { loadCatalogue } from './modules/order/catalogue.ts';
import { orderRoutes } from './modules/order/routes.ts';
import { promptRoutes } from './modules/prompt/routes.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { studioRoutes } from './modules/studio/routes.ts';
import type { ImageGenerator } from './providers/image/image-generator.ts';
import { createImageGenerator } from './providers/image/index.ts';
import type { ChatModel } from './providers/llm/chat-model.ts';
import { openAiCompatibleModel } from './providers/llm/openai-compatible.ts';
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
import { readBuildTime, staticWebPlugin } from './web/static-web.ts';

export const VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  /** An already-open database (tests share one); by default the config's database is opened. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Tests stand the clock where they need it. */
  clock?: Clock;
  /** Tests swap the SMS gateway for one that records or fails. */
  smsSender?: SmsSender;
  /** Tests may hand in a chat model double; by default the configured OpenAI-compatible API. */
  chatModel?: ChatModel;
  /** Extra payment channels (tests add real adapters pointed at fake providers). */
  paymentChannels?: PaymentChannel[];
  /** Tests shorten DashScope's poll interval. */
  imagePollMs?: number;
  imageGenerator?: ImageGenerator | null;
  /** Tests may hand in a matting double; by default the configured engine (closed with the app). */
  matting?: MattingEngine;
}

/** Builds the Fastify app: plugins and routes, database migrated. Tests call it and use inject(). */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // The spec's paths end in a slash (`/api/v1/code/`); clients that leave it off reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const buildTime = readBuildTime(config.webDistDir);
  app.decorate('config', config);
  // While shutting down, answers still in flight ask the client to drop its keep-alive connection,
  // so the server does not wait out the keep-alive timeout before it can exit.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (shuttingDown) reply.header('connection', 'close');
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(databasePlugin, { handle: options.database ?? openDatabase(config) });
  await app.register(requestSignaturePlugin, {
    required: config.requireRequestSignature,
    currentBuildTime: buildTime,
  });

  await app.register(authPlugin, { clock: options.clock ?? systemClock });

  await app.register(healthRoutes, { version: VERSION, buildTime });
  await app.register(smsRoutes, { sender: options.smsSender ?? createSmsSender(config.sms, app.log) });
  await app.register(accountRoutes);
  await app.register(promptRoutes);
  await app.register(inviteRoutes);
  const llm = config.llm;
  await app.register(chatRoutes, {
    model: options.chatModel ?? (llm ? openAiCompatibleModel(llm) : null),
    models: llm ? { standard: llm.modelStandard, advanced: llm.modelAdvanced } : null,
    stream: config.chat,
  });
  const channels = new Map<string, PaymentChannel>();
  // Real channels first: the pay screen preselects the first one.
  if (config.payment.alipay) channels.set('alipay', alipayChannel(config.payment.alipay));
  if (config.payment.wechat)
    channels.set(
      'wechat',
      wechatChannel(config.payment.wechat, () => app.clock.now()),
    );
  for (const channel of options.paymentChannels ?? []) channels.set(channel.name, channel);
  if (config.payment.sandbox) channels.set('sandbox', sandboxChannel(config.payment.sandboxSecret));
  await app.register(orderRoutes, {
    deps: {
      db: app.db,
      clock: app.clock,
      log: app.log,
      catalogue: loadCatalogue(config.payment.productFile),
      channels,
    },
    publicBaseUrl: config.payment.publicBaseUrl,
    sandboxSecret: config.payment.sandboxSecret,
  });

  const files: FileStore =
    config.storage.kind === 's3' ? s3FileStore(config.storage) : localFileStore(config.storage.dir);
  await app.register(fileRoutes, { files, secret: config.fileUrlSecret, now: () => app.clock.now() });
  const generator =
    options.imageGenerator !== undefined
      ? options.imageGenerator
      : createImageGenerator(config.image, { pollMs: options.imagePollMs });
  await app.register(drawingRoutes, {
    deps: {
      db: app.db,
      clock: app.clock,
      log: app.log,
      generator,
      files,
      fileUrlSecret: config.fileUrlSecret,
      timeoutMs: 300_000,
    },
  });

  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.maxBytes,
      files: UPLOAD_LIMITS.maxFiles,
      fields: 20,
      fieldSize: 8 * 1024,
      parts: UPLOAD_LIMITS.maxFiles + 20,
    },
  });
  const matting = options.matting ?? createMattingEngine(config.matting);
  if (!options.matting) app.addHook('onClose', () => matting.close());
  await app.register(studioRoutes, {
    deps: {
      db: app.db,
      clock: app.clock,
      log: app.log,
      files,
      fileUrlSecret: config.fileUrlSecret,
      matting,
      generator,
      mattingLanes: config.matting.workers,
    },
  });

  await app.register(staticWebPlugin, { webDistDir: config.webDistDir, site: config.site });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
