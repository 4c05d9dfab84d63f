import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { HEADERS, ResultCode, UPLOAD_LIMITS } from '@chuhai/contract';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import type { AppModule } from './app-module.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/index.ts';
import { databasePlugin } from './db/plugin.ts';
import { type AppDeps, buildDeps, type DepsOverrides } from './deps.ts';
import { authPlugin, signedInScope, staffScope } from './http/auth.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { refuseNonFiniteNumbers } from './http/finite-numbers.ts';
import { loggedRequest } from './http/log-redaction.ts';
import { requestSignaturePlugin } from './http/request-signature.ts';
import { securityPlugin } from './http/security.ts';
import { AppError } from './lib/app-error.ts';
import { systemClock } from './lib/clock.ts';
import {
  countChannelAttempts,
  createMetrics,
  instrumentProviders,
  type Metrics,
  serveMetrics,
} from './metrics/metrics.ts';
import { operatorTwoFactor } from './modules/account/operators.ts';
import { accountModule } from './modules/account/routes.ts';
import { accountSessions } from './modules/account/session.ts';
import { adminModule } from './modules/admin/routes.ts';
import { announcementModule } from './modules/announcement/routes.ts';
import { batchModule } from './modules/batch/routes.ts';
import { auditChannelChanges, channelModule } from './modules/channel/routes.ts';
import { chatModule } from './modules/chat/routes.ts';
import { drawingModule } from './modules/drawing/routes.ts';
import { entitlementModule } from './modules/entitlement/personal-data.ts';
import { healthModule } from './modules/health/routes.ts';
import { imagesModule } from './modules/images/routes.ts';
import { inviteModule } from './modules/invite/routes.ts';
import { listingModule } from './modules/listing/routes.ts';
import { localiseCatalogueModule } from './modules/localise/catalogue-routes.ts';
import { localiseModule } from './modules/localise/routes.ts';
import { orderModule } from './modules/order/routes.ts';
import { pricingModule } from './modules/pricing/routes.ts';
import { privacyModule } from './modules/privacy/routes.ts';
import { promptModule } from './modules/prompt/routes.ts';
import { redeemModule } from './modules/redeem/routes.ts';
import { smsModule } from './modules/sms/routes.ts';
import { studioModule } from './modules/studio/routes.ts';
import { throttleModule } from './modules/throttle/personal-data.ts';
import { translateModule } from './modules/translate/routes.ts';
import { jobsPlugin } from './periodic.ts';
import { QUEUES } from './queue/job-queue.ts';
import { readBuildTime, staticWebPlugin } from './web/static-web.ts';

export { VERSION } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** When the served web build was made (health shows it; clients compare theirs). */
    buildTime: string;
    /** The one AppDeps every module was given (tests call services with it). */
    deps: AppDeps;
    metrics: Metrics;
  }
}

/** The modules that own features and data, in the order their routes are registered. */
export const FEATURE_MODULES: AppModule[] = [
  healthModule,
  channelModule,
  smsModule,
  accountModule,
  promptModule,
  pricingModule,
  inviteModule,
  chatModule,
  orderModule,
  redeemModule,
  imagesModule,
  drawingModule,
  studioModule,
  announcementModule,
  listingModule,
  translateModule,
  batchModule,
  localiseModule,
  localiseCatalogueModule,
  adminModule,
  entitlementModule,
  throttleModule,
];

/** Every module: the feature modules and 导出我的数据 / 注销账号 over the personal data they declare. */
const MODULES: AppModule[] = [...FEATURE_MODULES, privacyModule(FEATURE_MODULES)];

export interface BuildAppOptions extends DepsOverrides {
  /** An already-open database (tests share one); by default the config's database is opened. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify app: plugins and routes, database migrated. Tests call it and use inject(). */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            serializers: { req: loggedRequest },
          },
    bodyLimit: config.bodyLimitBytes,
    // A hop count trusts that many proxies nearest the server; as a function, since Fastify's types
    // do not list numbers (its runtime would read them the same way).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    requestIdHeader: HEADERS.requestId,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The spec's paths end in a slash (`/api/v1/code/`); clients that leave it off reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    // A response schema's unions are checked by validators fast-json-stringify compiles lazily, on
    // the first answer that reaches them: 30–90 ms of the event loop then (the first 图片翻译's
    // answer). A server compiles them with its routes (some 2 s more to start); the tests, which
    // build hundreds of apps that each answer a few requests, do not.
    serializerOpts: { compileValidators: config.nodeEnv !== 'test' },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const buildTime = readBuildTime(config.webDistDir);
  app.decorate('config', config);
  app.decorate('buildTime', buildTime);
  // While shutting down, answers still in flight ask the client to drop its keep-alive connection,
  // so the server does not wait out the keep-alive timeout before it can exit.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(HEADERS.requestId, request.id);
    // Which node answered, for an operator chasing one request through several (when NODE_NAME is set).
    if (config.announceNode) reply.header('x-served-by', config.nodeName);
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  // Addresses are stored (sessions, limits, the audit log): a forwarded value that is not an IP is
  // a client or proxy misbehaving, refused before anything reads it.
  app.addHook('onRequest', async (request) => {
    if (!isIP(request.ip)) throw new AppError(ResultCode.badRequest, '无法识别客户端地址，请检查代理设置');
  });

  const database = options.database ?? openDatabase(config);
  const clock = options.clock ?? systemClock;
  await app.register(errorHandlerPlugin);
  app.addHook('preHandler', refuseNonFiniteNumbers);
  await app.register(securityPlugin);
  await app.register(databasePlugin, { handle: database });
  await app.register(requestSignaturePlugin, {
    required: config.requireRequestSignature,
    currentBuildTime: buildTime,
  });
  await app.register(authPlugin, {
    clock,
    sessions: accountSessions(app.db),
    twoFactor: operatorTwoFactor({ db: app.db, clock, config }),
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

  // Scraped only once the app runs, by when `deps` exists.
  const metrics = createMetrics(
    () => deps.queue.depth(QUEUES.batchImage),
    () => deps.channels.console.gauge(),
  );
  const base = { db: database.db, clock, log: app.log };
  const built = buildDeps(config, base, options, {
    attempted: countChannelAttempts(metrics),
    stateChanged: auditChannelChanges(base),
  });
  const deps = instrumentProviders(built, metrics);
  app.decorate('deps', deps);
  app.decorate('metrics', metrics);
  // By route pattern, not URL: a bounded set of series however many ids and queries clients send.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  if (config.metricsPort !== null) {
    const port = config.metricsPort;
    let server: Awaited<ReturnType<typeof serveMetrics>> | null = null;
    app.addHook('onReady', async () => {
      server = await serveMetrics(metrics, config.host, port);
    });
    app.addHook(
      'onClose',
      () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    );
  }
  if (!options.matting) app.addHook('onClose', () => deps.matting.close());
  if (!options.ocr) app.addHook('onClose', () => deps.ocr.close());
  app.addHook('onClose', () => deps.pixels.close());

  for (const module of MODULES) {
    if (module.publicRoutes) await app.register(module.publicRoutes, { deps });
  }
  const userRoutes = MODULES.flatMap((module) => (module.userRoutes ? [module.userRoutes] : []));
  await app.register(signedInScope(userRoutes), { deps });
  const staffRoutes = MODULES.flatMap((module) => (module.staffRoutes ? [module.staffRoutes] : []));
  await app.register(staffScope(staffRoutes), { deps });
  app.addHook('onReady', async () => {
    for (const module of MODULES) await module.onReady?.(deps);
    // Queue workers: BATCH_WORKERS at once on this node (0: this node only serves requests).
    if (config.batchWorkers > 0)
      for (const worker of MODULES.flatMap((module) => module.workers ?? []))
        await deps.queue.work(worker.queue, { concurrency: config.batchWorkers }, (data) =>
          worker.handle(deps, data),
        );
  });
  // Before the database closes: running images finish (or are handed out again after their lease).
  app.addHook('preClose', () => deps.queue.stop());
  await app.register(jobsPlugin, { jobs: MODULES.flatMap((module) => module.jobs ?? []), deps });

  await app.register(staticWebPlugin, { webDistDir: config.webDistDir, site: config.site });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
