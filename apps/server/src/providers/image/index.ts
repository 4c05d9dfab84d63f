import type { ImageProviderConfig } from '../../config.ts';
import { dashscopeImages } from './dashscope-images.ts';
import type { ImageGenerator } from './image-generator.ts';
import { openAiImages } from './openai-images.ts';
import { sdWebUiImages } from './sdwebui-images.ts';

/** The configured text-to-image provider, or null when IMAGE_PROVIDER is not set. */
export function createImageGenerator(
  config: ImageProviderConfig | null,
  options: { pollMs?: number } = {},
): ImageGenerator | null {
  if (!config) return null;
  if (config.provider === 'dashscope') return dashscopeImages(config, options.pollMs);
  if (config.provider === 'sdwebui') return sdWebUiImages(config);
  return openAiImages(config);
}
