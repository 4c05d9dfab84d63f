import { availableParallelism } from 'node:os';
import { type Env, readInt } from './read-env.ts';

/**
 * One core's worth of headroom for requests (routing, the database, streaming answers), the rest
 * for pixel workers, at least one: on 2 cores one worker, on 8 cores seven.
 */
export function defaultPixelWorkers(cores: number): number {
  return Math.max(1, cores - 1);
}

/**
 * The main image's pixel work (README「配置」 PIXEL_WORKERS): worker threads of the pixel pool
 * (imaging/pixel-pool.ts); 0 runs it on the event loop, as before the pool.
 */
export function readPixelWorkers(env: Env): number {
  return readInt(env, 'PIXEL_WORKERS', defaultPixelWorkers(Math.max(1, availableParallelism())), 0, 64);
}
