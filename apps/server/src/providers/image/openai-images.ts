import type { ImageSize } from '@chuhai/contract';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { failureOfStatus, ProviderError } from '../provider-error.ts';
import { downloadImage, type ImageEndpoint, type ImageGenerator } from './image-generator.ts';

/** gpt-image models take 1536-pixel sides; DALL·E 3 and most compatible APIs take 1792. */
function sizeFor(model: string, size: ImageSize): string {
  if (!model.startsWith('gpt-image')) return size;
  return { '1024x1024': '1024x1024', '1024x1792': '1024x1536', '1792x1024': '1536x1024' }[size];
}

/** Any OpenAI-compatible images API (`/images/generations`), answering with base64 or a URL. */
export function openAiImages(config: ImageEndpoint): ImageGenerator {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    maxRetries: 0,
    timeout: 180_000,
  });
  return {
    name: 'openai',
    async generate({ prompt, size, signal }) {
      try {
        const result = await client.images.generate(
          {
            model: config.model,
            prompt,
            n: 1,
            size: sizeFor(config.model, size) as '1024x1024',
            // gpt-image always answers base64 and refuses the parameter.
            ...(config.model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
          },
          { signal },
        );
        const image = result.data?.[0];
        if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
        if (image?.url) return downloadImage(image.url, signal, config.privateNetworks);
        throw new ProviderError('upstream', 'images API answered without an image');
      } catch (error) {
        if (error instanceof APIUserAbortError || error instanceof ProviderError) throw error;
        if (error instanceof APIConnectionError)
          throw new ProviderError('unreachable', error.message, { cause: error });
        if (error instanceof APIError) {
          const code = String((error.error as { code?: string } | undefined)?.code ?? '');
          const kind =
            code === 'content_policy_violation' ? 'rejected-content' : failureOfStatus(error.status ?? 500);
          throw new ProviderError(kind, error.message, { cause: error });
        }
        throw error;
      }
    },
  };
}
