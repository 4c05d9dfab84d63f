import type { ChannelBalance, ChannelState, ChannelView } from '@chuhai/contract';
import type { KeyBox } from './key-box.ts';
import { keyTail } from './key-box.ts';
import { readKeyRests, restingKeys } from './key-rests.ts';
import { offersBalance } from './provider-balance.ts';
import type { ChannelRow } from './repository.ts';

function stateOf(row: ChannelRow, now: number): ChannelState {
  if (!row.enabled) return 'off';
  if (row.cooldown_until === null) return 'healthy';
  return Number(row.cooldown_until) > now ? 'cooling' : 'trial';
}

/** A channel's row as the console shows it, with its last 24 hours. */
export function toView(
  row: ChannelRow,
  stats: { calls: number; failures: number; firstByteMs: number | null } | undefined,
  now: number,
  restingKeyTails: string[],
): ChannelView {
  return {
    id: Number(row.id),
    kind: row.kind as ChannelView['kind'],
    name: row.name,
    provider: row.provider,
    baseUrl: row.base_url,
    keyTails: JSON.parse(row.key_tails) as string[],
    restingKeyTails,
    models: JSON.parse(row.models) as string[],
    modelMap: JSON.parse(row.model_map) as Record<string, string>,
    priority: row.priority,
    weight: row.weight,
    enabled: row.enabled === 1,
    priceInput: row.price_input,
    priceOutput: row.price_output,
    priceImage: row.price_image,
    fromEnv: row.from_env === 1,
    state: stateOf(row, now),
    stateReason: row.state_reason,
    cooldownUntil: row.cooldown_until === null ? null : Number(row.cooldown_until),
    calls: stats?.calls ?? 0,
    errors: stats?.failures ?? 0,
    avgFirstByteMs: stats?.firstByteMs ?? null,
    balanceQuery: offersBalance(row.provider),
    balance: row.balance ? (JSON.parse(row.balance) as ChannelBalance) : null,
  };
}

/** The last 4 characters of the channel's keys that rest now (the keys must be opened to know which). */
export function restingTails(box: KeyBox, row: ChannelRow, now: number): string[] {
  const rests = readKeyRests(row.key_rests);
  if (Object.keys(rests).length === 0) return [];
  try {
    return [...restingKeys(box.open(row.keys_sealed), rests, now)].map(keyTail);
  } catch {
    return [];
  }
}
