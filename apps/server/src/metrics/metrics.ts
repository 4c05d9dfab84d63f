import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ChannelHooks } from '../channels/index.ts';
import type { AppDeps } from '../deps.ts';
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
  /** Chat and image calls per channel, each failover attempt counted. */
  channelCalls: Counter<'kind' | 'channel' | 'outcome'>;
  channelSeconds: Histogram<'kind' | 'channel'>;
  mattingSeconds: Histogram;
}

/** A channel's state for the gauge: 1 while it is cooling down. */
export interface ChannelGaugeRow {
  kind: string;
  channel: string;
  cooling: boolean;
}

export function createMetrics(
  queueDepth: () => Promise<number>,
  channelStates: () => Promise<ChannelGaugeRow[]> = async () => [],
): Metrics {
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
      help: 'Calls to external providers other than chat and images (matting, SMS) by outcome',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    channelCalls: new Counter({
      name: 'chuhai_channel_calls_total',
      help: 'Chat and image calls per provider channel, failover attempts included, by outcome',
      labelNames: ['kind', 'channel', 'outcome'],
      registers: [registry],
    }),
    channelSeconds: new Histogram({
      name: 'chuhai_channel_seconds',
      help: 'Time of one provider channel attempt (a stream: until its last piece)',
      labelNames: ['kind', 'channel'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
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
  new Gauge({
    name: 'chuhai_channel_cooling',
    help: '1 while a provider channel is cooled down after failures, else 0',
    labelNames: ['kind', 'channel'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await channelStates().catch(() => []))
        this.set({ kind: row.kind, channel: row.channel }, row.cooling ? 1 : 0);
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

/**
 * The channels' hook for every attempt, failovers included: counted and timed per channel. Given to
 * the channels when app.ts builds them.
 */
export function countChannelAttempts(metrics: Metrics): NonNullable<ChannelHooks['attempted']> {
  return ({ kind, channel, ok, seconds }) => {
    metrics.channelCalls.inc({ kind, channel, outcome: ok ? 'ok' : 'failed' });
    metrics.channelSeconds.observe({ kind, channel }, seconds);
  };
}

/** The providers of `deps`, each counted (and matting timed); chat and image: see countChannelAttempts. */
export function instrumentProviders(deps: AppDeps, metrics: Metrics): AppDeps {
  const sms = deps.smsSender;
  return {
    ...deps,
    matting: timedMatting(deps.matting, metrics),
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
