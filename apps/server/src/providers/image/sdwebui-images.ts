import type { ImageSize } from '@chuhai/contract';
import { failureOfStatus, ProviderError } from '../provider-error.ts';
import type { ImageEndpoint, ImageGenerator } from './image-generator.ts';

/** Stable Diffusion works best on multiples of 64 near a megapixel. */
const SIZES: Record<ImageSize, [number, number]> = {
  '1024x1024': [1024, 1024],
  '1024x1792': [768, 1344],
  '1792x1024': [1344, 768],
};

/** Stable Diffusion WebUI's API (`/sdapi/v1/txt2img`), which answers base64 images. */
export function sdWebUiImages(config: ImageEndpoint): ImageGenerator {
  return {
    name: 'sdwebui',
    async generate({ prompt, size, signal }) {
      const [width, height] = SIZES[size];
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/sdapi/v1/txt2img`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey
              ? { authorization: `Basic ${Buffer.from(config.apiKey).toString('base64')}` }
              : {}),
          },
          body: JSON.stringify({
            prompt,
            negative_prompt: 'lowres, blurry, watermark, text, deformed',
            width,
            height,
            steps: 25,
            ...(config.model ? { override_settings: { sd_model_checkpoint: config.model } } : {}),
          }),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ProviderError('unreachable', `cannot reach SD WebUI: ${String(error)}`, {
          cause: error,
        });
      }
      if (!response.ok)
        throw new ProviderError(failureOfStatus(response.status), `SD WebUI answered ${response.status}`);
      const answer = (await response.json()) as { images?: string[] };
      const image = answer.images?.[0];
      if (!image) throw new ProviderError('upstream', 'SD WebUI answered without an image');
      return Buffer.from(image.replace(/^data:image\/\w+;base64,/, ''), 'base64');
    },
  };
}
