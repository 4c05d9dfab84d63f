import { dashscopeImages } from './dashscope-images.ts';
import type { ImageEndpoint, ImageGenerator } from './image-generator.ts';
import { openAiImages } from './openai-images.ts';
import { sdWebUiImages } from './sdwebui-images.ts';

/** The model each protocol draws with when a channel names none. */
export const DEFAULT_IMAGE_MODELS = {
  openai: 'dall-e-3',
  dashscope: 'wanx2.1-t2i-turbo',
  sdwebui: '',
} as const;

/** The adapter for one image channel's protocol. */
export function imageAdapter(endpoint: ImageEndpoint, options: { pollMs?: number } = {}): ImageGenerator {
  if (endpoint.provider === 'dashscope') return dashscopeImages(endpoint, options.pollMs);
  if (endpoint.provider === 'sdwebui') return sdWebUiImages(endpoint);
  return openAiImages(endpoint);
}
