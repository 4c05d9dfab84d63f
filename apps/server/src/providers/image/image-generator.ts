import type { ImageSize } from '@chuhai/contract';
import { fetchPublicBytes } from '../../lib/public-fetch.ts';

export interface GenerationRequest {
  prompt: string;
  size: ImageSize;
  signal: AbortSignal;
}

/** Why generation failed, for the drawing service to turn into a code and a Chinese message. */
export type ImageFailure =
  | 'auth'
  | 'rate-limited'
  | 'rejected-content'
  | 'bad-request'
  | 'upstream'
  | 'unreachable';

export class ImageGenerationError extends Error {
  override name = 'ImageGenerationError';
  readonly kind: ImageFailure;
  constructor(kind: ImageFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.kind = kind;
  }
}

/** A text-to-image provider. Returns the image bytes (providers' URLs expire, so we keep the file). */
export interface ImageGenerator {
  readonly name: 'openai' | 'dashscope' | 'sdwebui';
  generate(request: GenerationRequest): Promise<Buffer>;
}

/** The HTTP status of a failed provider call, as a failure kind. */
export function failureOfStatus(status: number): ImageFailure {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status === 400 || status === 404 || status === 422) return 'bad-request';
  return 'upstream';
}

/** The largest result image taken from a provider, and how long its download may take. */
export const RESULT_DOWNLOAD = { maxBytes: 30 * 1024 * 1024, timeoutMs: 60_000 } as const;

/**
 * Fetches a result image from the provider's (short-lived) URL: https to a public address only
 * (`lib/public-fetch.ts`), at most 30 MB, within a minute.
 */
export async function downloadImage(
  url: string,
  signal: AbortSignal,
  allowLoopback: boolean,
): Promise<Buffer> {
  try {
    return await fetchPublicBytes(url, { signal, allowLoopback, ...RESULT_DOWNLOAD });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ImageGenerationError('upstream', `cannot download the result image: ${String(error)}`, {
      cause: error,
    });
  }
}
