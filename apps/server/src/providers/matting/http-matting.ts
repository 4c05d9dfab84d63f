import sharp from 'sharp';
import type { MattingConfig } from '../../config.ts';
import { failureOfStatus, ProviderError } from '../provider-error.ts';
import type { AlphaMask, MattingEngine } from './matting-engine.ts';

/**
 * An HTTP matting service speaking rembg's server protocol (`rembg s`: `POST /api/remove`, the image
 * in the multipart field `file`, a transparent PNG back). It moves the model off the app nodes when
 * cut-outs outgrow them; any service that answers the same way works.
 */
export function httpMatting(config: Pick<MattingConfig, 'url' | 'timeoutMs'>): MattingEngine {
  const url = config.url;
  if (!url) throw new Error('MATTING_URL is not set');
  return {
    name: 'http',
    async matte(image): Promise<AlphaMask> {
      const { width, height } = await sharp(image).metadata();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)]), 'image');
      const cutout = await removeBackground(url, form, config.timeoutMs);
      // The service's PNG carries the mask in its alpha channel; bring it to the upload's size.
      const mask = await sharp(cutout)
        .ensureAlpha()
        .extractChannel(3)
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer();
      return { mask, width: width ?? 0, height: height ?? 0 };
    },
    async warmUp() {},
    async close() {},
  };
}

/**
 * The service's transparent PNG. Every failure, our time limit included, is the matting service's
 * (a ProviderError naming it), so a 批量处理 job with a translate step does not word it as the chat's.
 */
async function removeBackground(url: string, form: FormData, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  let cutout: ArrayBuffer;
  try {
    response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
    cutout = await response.arrayBuffer();
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      throw new ProviderError('idle', `the matting service did not answer in ${timeoutMs} ms`, {
        service: 'matting',
        cause: error,
      });
    throw new ProviderError('unreachable', `cannot reach the matting service: ${(error as Error).message}`, {
      service: 'matting',
      cause: error,
    });
  }
  if (response.status === 429 || response.status === 503) {
    const retryAfter = Number(response.headers.get('retry-after')) || 5;
    throw new ProviderError('busy', `the matting service is busy; retry in ${retryAfter}s`, {
      retryAfter,
      service: 'matting',
    });
  }
  if (!response.ok)
    throw new ProviderError(
      failureOfStatus(response.status),
      `the matting service answered HTTP ${response.status}`,
      {
        status: response.status,
        service: 'matting',
      },
    );
  return Buffer.from(cutout);
}
