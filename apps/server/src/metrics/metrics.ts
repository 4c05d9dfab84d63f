import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../deps.ts';
import type { ChatModel } from '../providers/llm/chat-model.ts';
import type { MattingEngine } from '../providers/matting/matting-engine.ts';

/**
 * Prometheus metrics of one node: requests and their latency by route, every provider call and its
 * outcome, matting time, the job queue's depth, and Node's own (memory, CPU, event loop). Served on
 * METRICS_PORT, a port nginx never proxies; each app has its own registry (tests build many).
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  providerCalls: Counter<'provider' | 'outcome'>;
  mattingSeconds: Histogram;
}

export function createMetrics(queueDepth: () => Promise<number>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'chuhai_' });
  const metrics: Metrics = {
    registry,
    requests: new Counter({
      name: 'chuhai_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'chuhai_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (streams: until the last byte)',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: 'chuhai_provider_calls_total',
      help: 'Calls to external providers (chat, drawing, matting, SMS) by outcome',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    mattingSeconds: new Histogram({
      name: 'chuhai_matting_seconds',
      help: 'Time to matte one image, queueing in the pool included',
      buckets: [0.5, 1, 2, 3, 5, 8, 13, 20, 40, 60],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'chuhai_queue_depth',
    help: '批量处理 images queued or running in the job queue',
    registers: [registry],
    async collect() {
      this.set(await queueDepth().catch(() => -1));
    },
  });
  return metrics;
}

/** Counts each call of `work` under `provider`, as ok or failed. */
async function counted<T>(metrics: Metrics, provider: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    metrics.providerCalls.inc({ provider, outcome: 'ok' });
    return result;
  } catch (error) {
    metrics.providerCalls.inc({ provider, outcome: 'failed' });
    throw error;
  }
}

function countedChat(model: ChatModel, metrics: Metrics): ChatModel {
  return {
    stream: (request) =>
      (async function* () {
        let ok = false;
        try {
          yield* model.stream(request);
          ok = true;
        } finally {
          metrics.providerCalls.inc({
            provider: 'chat',
            outcome: ok ? 'ok' : request.signal.aborted ? 'stopped' : 'failed',
          });
        }
      })(),
    complete: (request) => counted(metrics, 'chat', () => model.complete(request)),
  };
}

function timedMatting(engine: MattingEngine, metrics: Metrics): MattingEngine {
  return {
    name: engine.name,
    warmUp: () => engine.warmUp(),
    close: () => engine.close(),
    matte: async (image) => {
      const stop = metrics.mattingSeconds.startTimer();
      try {
        return await counted(metrics, 'matting', () => engine.matte(image));
      } finally {
        stop();
      }
    },
  };
}

/** The providers of `deps`, each counted (and matting timed). */
export function instrumentProviders(deps: AppDeps, metrics: Metrics): AppDeps {
  const generator = deps.imageGenerator;
  const sms = deps.smsSender;
  return {
    ...deps,
    matting: timedMatting(deps.matting, metrics),
    chatModel: deps.chatModel ? countedChat(deps.chatModel, metrics) : null,
    imageGenerator: generator
      ? {
          name: generator.name,
          generate: (request) => counted(metrics, 'drawing', () => generator.generate(request)),
        }
      : null,
    smsSender: { name: sms.name, send: (message) => counted(metrics, 'sms', () => sms.send(message)) },
  };
}

/** `GET /metrics` on its own port, in Prometheus's text format. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': metrics.registry.contentType });
    response.end(await metrics.registry.metrics());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
