import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { allChannels } from './repository.ts';

/** Each enabled channel and whether it is cooling now, for the metrics gauge. */
export async function channelGaugeRows(db: Kysely<Database>, now: number) {
  return (await allChannels(db))
    .filter((row) => row.enabled)
    .map((row) => ({
      kind: row.kind,
      channel: row.name,
      cooling: row.cooldown_until !== null && Number(row.cooldown_until) > now,
    }));
}
