import type { ImageMarketplaceId, MainImageReport } from '@chuhai/contract';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { PoolBusyError, WorkerPool } from '../providers/matting/worker-pool.ts';
import { ProviderError } from '../providers/provider-error.ts';
import type { MadeImage, Placement } from './compose.ts';
import type { MaskedPixels, Seen } from './main-image-check.ts';
import { refusalError } from './pixel-refusals.ts';
import { PIXEL_TASKS, type PixelTaskInput, type PixelTaskName, type PixelTaskOutput } from './pixel-tasks.ts';
import { asBuffer, sentAsCopy } from './pixel-transfer.ts';
import type { PixelAnswer, PixelMessage } from './pixel-worker.ts';

/**
 * The main image's pixel work (cut-out parts, erasing added text, the white main image, the
 * check, the product on a background) and 图片翻译's (erasing, drawing) run off the event loop: on a 2000² photo each step holds the
 * thread it runs on for up to seconds, and on the event loop every other seller's request waits that
 * long. One pool per node, shared by 智能做图, 批量处理 and 一键出海.
 */
export interface PixelWork {
  /** Worker threads; 0 runs every task on the event loop (PIXEL_WORKERS=0, tests). */
  readonly size: number;
  /** Runs one task (pixel-tasks.ts) and answers its result; a refusal (pixel-refusals.ts) as the task threw it. */
  run<K extends PixelTaskName>(task: K, input: PixelTaskInput<K>): Promise<PixelTaskOutput<K>>;
  /**
   * The same pool for a durable queue's work (一键出海's tasks, 批量处理's images), and for a
   * 图片翻译 request, whose erasing comes after the model's answer was paid for: never refused
   * for a full queue, served when no refusable request waits. The plain view refuses at once when its queue
   * is full (ProviderError `busy` of the `pixels` service, 429 with a retry time), as the matting pool does.
   */
  readonly background: PixelWork;
  /** compose.ts's `whiteMainImage`. */
  whiteMainImage(image: Buffer, matte: AlphaMask, size: number): Promise<MadeImage>;
  /** main-image-check.ts's `checkMainImage`. */
  checkMainImage(
    pixels: MaskedPixels,
    marketplace: ImageMarketplaceId,
    made?: { enlargement: number },
    seen?: Seen,
  ): Promise<MainImageReport>;
  /** The photo as uploaded (compose.ts's `maskedPixels`) checked against each marketplace's rules. */
  checkPhoto(image: Buffer, matte: AlphaMask, marketplaces: ImageMarketplaceId[]): Promise<MainImageReport[]>;
  /** compose.ts's `placeOnBackground`. */
  placeOnBackground(
    image: Buffer,
    matte: AlphaMask,
    background: Buffer,
    placement: Placement,
    size?: number,
  ): Promise<{ bytes: Buffer; width: number; height: number }>;
  close(): Promise<void>;
}

type Runner = <K extends PixelTaskName>(task: K, input: PixelTaskInput<K>) => Promise<PixelTaskOutput<K>>;

/** The tasks on this thread: the pool of size 0, and the reference the pool's results equal. */
const inline: Runner = async (task, input) =>
  (PIXEL_TASKS[task] as (input: unknown) => unknown)(input) as PixelTaskOutput<typeof task>;

function withRunner(size: number, run: Runner, background: () => PixelWork, close: () => Promise<void>) {
  const work: PixelWork = {
    size,
    run,
    get background() {
      return background();
    },
    async whiteMainImage(image, matte, side) {
      const made = await run('whiteMain', { image, ...matte, size: side });
      const bytes = asBuffer(made.bytes);
      return {
        bytes,
        width: side,
        height: side,
        pixels: { rgb: made.rgb, mask: made.mask, width: side, height: side },
        enlargement: made.enlargement,
      };
    },
    checkMainImage: (pixels, marketplace, made, seen) =>
      run('check', {
        pixels,
        marketplace,
        ...(made ? { made: { enlargement: made.enlargement } } : {}),
        ...(seen ? { seen } : {}),
      }),
    checkPhoto: (image, matte, marketplaces) => run('checkPhoto', { image, ...matte, marketplaces }),
    async placeOnBackground(image, matte, background, placement, side) {
      const made = await run('place', {
        image,
        ...matte,
        background,
        placement,
        ...(side === undefined ? {} : { size: side }),
      });
      return { ...made, bytes: asBuffer(made.bytes) };
    },
    close,
  };
  return work;
}

/** A pool's task, its pixels copied to the worker (the caller keeps its own) and handed back. */
function pooled(pool: WorkerPool<PixelMessage, PixelAnswer>, wait: boolean): Runner {
  return async (task, input) => {
    let answer: PixelAnswer;
    try {
      answer = await pool.run(sentAsCopy<PixelMessage>({ task, input }), [], { wait });
    } catch (error) {
      if (error instanceof PoolBusyError)
        throw new ProviderError('busy', error.message, {
          retryAfter: error.retryAfterSeconds,
          service: 'pixels',
        });
      throw error;
    }
    if ('refused' in answer) throw refusalError(answer.refused);
    return answer.result as PixelTaskOutput<typeof task>;
  };
}

/** Every task on the calling thread: for callers given no pool (tests, scripts). */
export const PIXELS_ON_THIS_THREAD: PixelWork = createPixelWork(0);

/**
 * The node's pixel work: `size` worker threads (PIXEL_WORKERS) started on the first task, with
 * `size × 4` requests that may wait; size 0 runs every task on the event loop.
 */
export function createPixelWork(size: number): PixelWork {
  if (size <= 0) {
    const work: PixelWork = withRunner(
      0,
      inline,
      () => work,
      async () => {},
    );
    return work;
  }
  const pool = new WorkerPool<PixelMessage, PixelAnswer>({
    file: new URL('./pixel-worker.ts', import.meta.url),
    size,
    maxQueue: size * 4,
  });
  const close = () => pool.close();
  const background = withRunner(size, pooled(pool, true), () => background, close);
  return withRunner(size, pooled(pool, false), () => background, close);
}
