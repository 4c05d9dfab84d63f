import type { Generated } from 'kysely';

/** One provider channel: where a kind of AI call may go, with its keys, price and health. */
export interface ProviderChannelTable {
  id: Generated<number>;
  /** ChannelKind: `chat` or `image`. */
  kind: string;
  name: string;
  /** The protocol: `openai` for chat; `openai`, `dashscope` or `sdwebui` for images. */
  provider: string;
  base_url: string;
  /** The keys, a JSON array sealed with CHANNEL_SECRET (`key-box.ts`). */
  keys_sealed: string;
  /** JSON array: the last 4 characters of each key, the only part ever shown. */
  key_tails: string;
  /** JSON object: key id → resting until (ms), for keys the provider refused (see health.ts). */
  key_rests: Generated<string>;
  /** JSON array of model names offered; empty: any. */
  models: string;
  /** JSON object: asked model name → the provider's name. */
  model_map: string;
  priority: number;
  weight: number;
  enabled: number;
  /** Yuan per million input / output tokens, and per image. */
  price_input: number;
  price_output: number;
  price_image: number;
  /** Seeded from the environment: rewritten on every start. */
  from_env: number;
  /** Cooled down until then (ms); null when healthy. Past it, one trial call is let through. */
  cooldown_until: number | null;
  /** Failed trials in a row: each doubles the next cooldown. */
  cooldown_level: number;
  state_reason: string;
  /** A trial call is under way until then (ms): other nodes and requests leave the channel alone. */
  trial_until: number | null;
  /** JSON `ChannelBalance`: what the provider last told of the account's balance (刷新余额); null until read. */
  balance: string | null;
  created_at: number;
  updated_at: number;
}

/** One provider call, the cost ledger's row. */
export interface ProviderCallTable {
  id: Generated<number>;
  channel_id: number | null;
  channel_name: string;
  kind: string;
  /** CostPurpose. */
  purpose: string;
  user_id: number | null;
  model: string;
  ok: number;
  /** The ProviderFailure kind, or `timeout`; empty when ok. */
  failure: string;
  input_tokens: number;
  output_tokens: number;
  /** The tokens were counted here because the provider sent no `usage`. */
  usage_estimated: number;
  images: number;
  /** Millionths of a yuan, so a day's sum is exact. */
  cost_micros: number;
  first_byte_ms: number | null;
  /** The China day (YYYY-MM-DD) the call was made on. */
  day: string;
  created_at: number;
}

export interface ChannelTables {
  provider_channels: ProviderChannelTable;
  provider_calls: ProviderCallTable;
}
