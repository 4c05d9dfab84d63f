import type { ImageSize } from '@chuhai/contract';
import type { PrivateNetworks } from '../../lib/public-address.ts';
import { fetchPublicBytes } from '../../lib/public-fetch.ts';
import { ProviderError } from '../provider-error.ts';

/** Where one image channel's calls go, with one of its keys. */
export interface ImageEndpoint {
  provider: 'openai' | 'dashscope' | 'sdwebui';
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Where result links may also point (CHANNEL_PRIVATE_NETWORKS): a local image server's own links. */
  privateNetworks: PrivateNetworks;
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
 * Fetches a result image from the provider's (short-lived) URL: https to a public address, or into
 * the operator's private networks (`lib/public-fetch.ts`), at most 30 MB, within a minute.
 */
export async function downloadImage(
  url: string,
  signal: AbortSignal,
  privateNetworks: PrivateNetworks,
): Promise<Buffer> {
  try {
    return await fetchPublicBytes(url, { signal, privateNetworks, ...RESULT_DOWNLOAD });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ProviderError('upstream', `cannot download the result image: ${String(error)}`, {
      cause: error,
    });
  }
}
