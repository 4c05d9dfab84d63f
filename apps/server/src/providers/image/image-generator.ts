import type { ImageSize } from '@chuhai/contract';
import { fetchPublicBytes } from '../../lib/public-fetch.ts';
import { ProviderError } from '../provider-error.ts';

/** Where one image channel's calls go, with one of its keys. */
export interface ImageEndpoint {
  provider: 'openai' | 'dashscope' | 'sdwebui';
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Result links over http:// to this machine are fetched: development and tests only (fakes). */
  allowLoopbackResults: boolean;
}

export interface GenerationRequest {
  prompt: string;
  size: ImageSize;
  signal: AbortSignal;
}

/** A text-to-image provider; adapters throw ProviderError. Returns the image bytes (providers' URLs expire, so we keep the file). */
export interface ImageGenerator {
  readonly name: string;
  generate(request: GenerationRequest): Promise<Buffer>;
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
    throw new ProviderError('upstream', `cannot download the result image: ${String(error)}`, {
      cause: error,
    });
  }
}
