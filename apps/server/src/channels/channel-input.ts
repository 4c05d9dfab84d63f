import type { ChannelInput } from '@chuhai/contract';
import type { KeyBox } from './key-box.ts';
import { keyTail } from './key-box.ts';
import type { ChannelValues } from './repository.ts';

/** A channel as entered (console or environment) as the row's values, keys sealed. */
export function channelValues(
  input: ChannelInput,
  box: KeyBox,
  extra: { fromEnv: boolean; now: number; keptKeys?: string[] },
): ChannelValues {
  const keys = input.keys.length > 0 ? input.keys.map((k) => k.trim()) : (extra.keptKeys ?? []);
  return {
    kind: input.kind,
    name: input.name.trim(),
    provider: input.provider,
    base_url: input.baseUrl.trim().replace(/\/+$/, ''),
    keys_sealed: box.seal(keys),
    key_tails: JSON.stringify(keys.map(keyTail)),
    models: JSON.stringify([...new Set(input.models.map((m) => m.trim()).filter(Boolean))]),
    model_map: JSON.stringify(input.modelMap),
    priority: input.priority,
    weight: input.weight,
    enabled: input.enabled ? 1 : 0,
    price_input: input.priceInput,
    price_output: input.priceOutput,
    price_image: input.priceImage,
    from_env: extra.fromEnv ? 1 : 0,
    updated_at: extra.now,
  };
}
