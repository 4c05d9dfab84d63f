import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertId } from '../db/insert-id.ts';
import type { ProviderCallTable, ProviderChannelTable } from './table.ts';

type Db = Kysely<Database>;
export type ChannelRow = Selectable<ProviderChannelTable>;
export type ChannelValues = Omit<
  ProviderChannelTable,
  | 'id'
  | 'cooldown_until'
  | 'cooldown_level'
  | 'state_reason'
  | 'trial_until'
  | 'created_at'
  | 'key_rests'
  | 'balance'
>;

/** Every channel of a kind (enabled or not), best priority first. */
export function channelsOfKind(db: Db, kind: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('provider_channels')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('priority', 'desc')
    .orderBy('id')
    .execute();
}

export function allChannels(db: Db): Promise<ChannelRow[]> {
  return db
    .selectFrom('provider_channels')
    .selectAll()
    .orderBy('kind')
    .orderBy('priority', 'desc')
    .orderBy('id')
    .execute();
}

export function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('provider_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChannelByName(db: Db, kind: string, name: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('provider_channels')
    .selectAll()
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertChannel(db: Db, values: ChannelValues & { created_at: number }): Promise<number> {
  return insertId(db, 'provider_channels', {
    ...values,
    cooldown_until: null,
    cooldown_level: 0,
    state_reason: '',
    trial_until: null,
  });
}

export async function updateChannel(db: Db, id: number, values: Partial<ChannelValues>): Promise<void> {
  await db.updateTable('provider_channels').set(values).where('id', '=', id).execute();
}

/** 刷新余额's answer (JSON), or null when it no longer holds (another address or key). */
export async function saveBalance(db: Db, id: number, balance: string | null): Promise<void> {
  await db.updateTable('provider_channels').set({ balance }).where('id', '=', id).execute();
}

export async function deleteChannel(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('provider_channels').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Cools a channel down, unless it is already cooling (another request or node got there first).
 * True when this call changed it: the caller then writes the one audit entry.
 */
export async function startCooldown(
  db: Db,
  id: number,
  change: { until: number; level: number; reason: string; now: number; fromTrial: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('provider_channels')
    .set({
      cooldown_until: change.until,
      cooldown_level: change.level,
      state_reason: change.reason,
      trial_until: null,
      updated_at: change.now,
    })
    .where('id', '=', id);
  // A trial that failed re-cools a cooling channel; a failure of a healthy one only a healthy one.
  query = change.fromTrial
    ? query.where('cooldown_until', 'is not', null)
    : query.where('cooldown_until', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets one trial call through a channel whose cooldown is over; false when another holds it. */
export async function claimTrial(db: Db, id: number, now: number, holdMs: number): Promise<boolean> {
  const result = await db
    .updateTable('provider_channels')
    .set({ trial_until: now + holdMs })
    .where('id', '=', id)
    .where('cooldown_until', '<=', now)
    .where((eb) => eb.or([eb('trial_until', 'is', null), eb('trial_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A trial succeeded: the channel is healthy again. True when this call restored it. */
export async function restoreChannel(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('provider_channels')
    .set({ cooldown_until: null, cooldown_level: 0, state_reason: '', trial_until: null, updated_at: now })
    .where('id', '=', id)
    .where('cooldown_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces a channel's key rests if nobody changed them since `before` was read. */
export async function swapKeyRests(db: Db, id: number, before: string, after: string): Promise<boolean> {
  const result = await db
    .updateTable('provider_channels')
    .set({ key_rests: after })
    .where('id', '=', id)
    .where('key_rests', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordCall(db: Db, call: Omit<ProviderCallTable, 'id'>): Promise<void> {
  await db.insertInto('provider_calls').values(call).execute();
}

/** Calls and failures of one channel since `since` (the health window), counted by failures that count. */
export async function windowCounts(db: Db, channelId: number, since: number) {
  const row = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>(sql`case when ok = 0 then 1 else 0 end`).as('failures'),
    ])
    .where('channel_id', '=', channelId)
    .where('created_at', '>=', since)
    .where('failure', 'not in', ['bad-request', 'rejected-content'])
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), failures: Number(row.failures ?? 0) };
}

/** Per channel over `since`: calls, failures and the mean time to the first byte. */
export async function channelStats(db: Db, since: number) {
  const rows = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      'channel_id',
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>(sql`case when ok = 0 then 1 else 0 end`).as('failures'),
      eb.fn.avg<number>('first_byte_ms').as('first_byte'),
    ])
    .where('created_at', '>=', since)
    .where('channel_id', 'is not', null)
    .groupBy('channel_id')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.channel_id),
      {
        calls: Number(row.calls),
        failures: Number(row.failures ?? 0),
        firstByteMs: row.first_byte == null ? null : Math.round(Number(row.first_byte)),
      },
    ]),
  );
}

/** Channels that have had no call since `since`: the scheduled test's candidates. */
export async function lastCallAt(db: Db, channelId: number): Promise<number | null> {
  const row = await db
    .selectFrom('provider_calls')
    .select((eb) => eb.fn.max<number>('created_at').as('last'))
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}

/** Cost by day and purpose, from `fromDay` on. */
export async function costByDay(db: Db, fromDay: string) {
  const rows = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      'day',
      'purpose',
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>('cost_micros').as('cost'),
    ])
    .where('day', '>=', fromDay)
    .groupBy(['day', 'purpose'])
    .execute();
  return rows.map((row) => ({
    day: row.day,
    purpose: row.purpose,
    calls: Number(row.calls),
    costMicros: Number(row.cost ?? 0),
  }));
}

export async function costByChannel(db: Db, fromDay: string) {
  const rows = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      'channel_name',
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>(sql`case when ok = 0 then 1 else 0 end`).as('failures'),
      eb.fn.sum<number>('cost_micros').as('cost'),
    ])
    .where('day', '>=', fromDay)
    .groupBy('channel_name')
    .orderBy('channel_name')
    .execute();
  return rows.map((row) => ({
    name: row.channel_name,
    calls: Number(row.calls),
    failures: Number(row.failures ?? 0),
    costMicros: Number(row.cost ?? 0),
  }));
}

/** What one seller's calls cost since `since`. */
export async function userCostMicros(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('provider_calls')
    .select((eb) => eb.fn.sum<number>('cost_micros').as('cost'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.cost ?? 0);
}

/** The ledger's rows from `fromDay` on, oldest first: the CSV export. */
export function callsFrom(db: Db, fromDay: string) {
  return db
    .selectFrom('provider_calls')
    .selectAll()
    .where('day', '>=', fromDay)
    .orderBy('id')
    .limit(100_000)
    .execute();
}

/** 注销: the seller's calls stay in the cost ledger (the operator's accounts), no longer linked to them. */
export async function unlinkUserCalls(db: Db, userId: number): Promise<void> {
  await db.updateTable('provider_calls').set({ user_id: null }).where('user_id', '=', userId).execute();
}
