import type { ChannelInput } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { channelValues } from './channel-input.ts';
import type { KeyBox } from './key-box.ts';

/**
 * Writes the channels named in the environment (LLM_CHANNELS, IMAGE_CHANNELS and the one-channel
 * shorthands) into the table on every start: deployment as code. A channel is matched by kind and
 * name; its settings are rewritten, its health and ledger kept. Channels added in the console are
 * left alone, and so is a channel that has since left the environment (the operator removes it).
 */
export async function seedChannels(
  db: Kysely<Database>,
  box: KeyBox,
  seeds: readonly ChannelInput[],
  now: number,
): Promise<void> {
  for (const seed of seeds) {
    const values = channelValues(seed, box, { fromEnv: true, now });
    await db
      .insertInto('provider_channels')
      .values({
        ...values,
        cooldown_until: null,
        cooldown_level: 0,
        state_reason: '',
        trial_until: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'name']).doUpdateSet(values))
      .execute();
  }
}
