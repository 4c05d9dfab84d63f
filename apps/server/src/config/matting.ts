import { availableParallelism } from 'node:os';
import { type Env, fail, readChoice, readInt } from './read-env.ts';

/**
 * Cut-outs (README「智能做图」): the bundled ISNet model in a worker pool on this machine, or an HTTP
 * matting service (rembg's `/api/remove` protocol) when MATTING_URL is set.
 */
export interface MattingConfig {
  model: 'small' | 'medium';
  /** Worker threads, one model each. */
  workers: number;
  /** Uploads that may wait for a free worker; more get 429. */
  queue: number;
  /** CPU cores shared by the workers. */
  cores: number;
  url: string | null;
  timeoutMs: number;
}

/**
 * One matting worker per 4 cores, each with its share of the cores as onnxruntime threads. Measured
 * on 2 cores (onnxruntime 1.30): one worker with 2 threads mattes a lone image in 2.2 s against
 * 3.9 s for each of two one-thread workers, and its queue runs only 7% slower.
 */
export function defaultMattingWorkers(cores: number): number {
  return Math.max(1, Math.round(cores / 4));
}

/** The matting pool on this machine (model, workers, queue), or the HTTP service at MATTING_URL. */
export function readMatting(env: Env): MattingConfig {
  const cores = Math.max(1, availableParallelism());
  const workers = readInt(env, 'MATTING_WORKERS', defaultMattingWorkers(cores), 1, 64);
  const url = env.MATTING_URL?.trim() || null;
  if (url && !/^https?:\/\/\S+$/.test(url)) fail('MATTING_URL', url, '应为 http:// 或 https:// 开头的地址');
  return {
    model: readChoice(env, 'MATTING_MODEL', ['medium', 'small'] as const, 'medium'),
    workers,
    queue: readInt(env, 'MATTING_QUEUE', workers * 4, 0, 1000),
    cores,
    url,
    timeoutMs: readInt(env, 'MATTING_TIMEOUT_MS', 120_000, 1000, 600_000),
  };
}
