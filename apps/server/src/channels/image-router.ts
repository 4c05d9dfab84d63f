import type { PrivateNetworks } from '../lib/public-address.ts';
import type { GenerationRequest, ImageEndpoint, ImageGenerator } from '../providers/image/image-generator.ts';
import { DEFAULT_IMAGE_MODELS, imageAdapter } from '../providers/image/index.ts';
import { failedIn } from '../providers/provider-error.ts';
import { AdapterCache, AttemptQueue } from './adapters.ts';
import { wholeAnswer } from './attempts.ts';
import { type CallMeter, type ChannelBook, doubleChannel, type LiveChannel } from './channel-book.ts';
import { candidates } from './pick.ts';
import { PROBE_PICTURE } from './probe-calls.ts';

export type RoutedGenerationRequest = GenerationRequest & { meter?: CallMeter };

/**
 * Every text-to-image call goes through here: the channel is picked by priority and weight, a
 * failure moves on to the next channel (nothing has reached the seller until the image is whole),
 * and every attempt is in the ledger at the channel's price per image.
 */
export interface ImageRouter extends ImageGenerator {
  generate(request: RoutedGenerationRequest): Promise<Buffer>;
  /** Whether any image channel is switched on. */
  available(): Promise<boolean>;
  /** One small drawing on one channel (see ChatRouter.probe); null when another node holds the trial. */
  probe(channel: LiveChannel, claim: boolean): Promise<Buffer | null>;
}

export interface ImageRouterOptions {
  /** Where result links may also point (CHANNEL_PRIVATE_NETWORKS). */
  privateNetworks: PrivateNetworks;
  /** Tests shorten DashScope's poll interval. */
  pollMs?: number;
  /** Tests: this generator is the only channel (null: none), instead of the table. */
  fixed?: ImageGenerator | null;
}

const NO_METER: CallMeter = { purpose: 'draw', userId: null };
const IMAGE_PROVIDERS = new Set(['openai', 'dashscope', 'sdwebui']);

export function imageRouter(book: ChannelBook, options: ImageRouterOptions): ImageRouter {
  const adapters = new AdapterCache<ImageGenerator>((channel, key) => {
    if (options.fixed) return options.fixed;
    const provider = IMAGE_PROVIDERS.has(channel.provider) ? channel.provider : 'openai';
    const endpoint: ImageEndpoint = {
      provider: provider as ImageEndpoint['provider'],
      baseUrl: channel.baseUrl,
      apiKey: key,
      // An image channel draws with its first model; none: the provider's default.
      model: channel.models[0] ?? DEFAULT_IMAGE_MODELS[provider as ImageEndpoint['provider']],
      privateNetworks: options.privateNetworks,
    };
    return imageAdapter(endpoint, { pollMs: options.pollMs });
  });
  const fixed = options.fixed ? doubleChannel('image', options.fixed.name, options.fixed.name) : null;
  const live = async () => {
    if (options.fixed !== undefined) return fixed ? [fixed] : [];
    return book.live('image');
  };

  /** The image from the first of `channels` that draws one; a probe is the channel's trial. */
  async function generateOn(channels: LiveChannel[], request: RoutedGenerationRequest, probe: boolean) {
    const targets = channels.map((channel) => ({ channel, model: channel.models[0] ?? channel.provider }));
    return wholeAnswer<ImageGenerator, Buffer>(
      book,
      new AttemptQueue(targets, adapters),
      {
        kind: 'image',
        meter: request.meter ?? NO_METER,
        signal: request.signal,
        probe,
        ask: ({ adapter }) => adapter.generate(request),
      },
      () => ({ images: 1 }),
    );
  }

  return {
    name: options.fixed?.name ?? 'channels',

    // Whatever fails in here is the drawing service's failure, for the seller's words.
    generate: async (request) =>
      generateOn(candidates(await live(), null), request, false).catch((error) => {
        throw failedIn('draw', error, request.signal);
      }),

    async probe(channel, claim) {
      if (claim && !(await book.claimTrial(channel))) return null;
      return generateOn(
        [channel],
        {
          prompt: PROBE_PICTURE.prompt,
          size: PROBE_PICTURE.size,
          signal: AbortSignal.timeout(PROBE_PICTURE.timeoutMs),
          meter: { purpose: 'probe', userId: null },
        },
        true,
      );
    },

    async available() {
      return (await live()).length > 0;
    },
  };
}
