import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

/** Registrations this month that earned the inviter a reward (for the monthly cap). */
export async function countRewardedRegistrations(db: Db, inviterId: number, month: string): Promise<number> {
  return countRows(
    db
      .selectFrom('invite_events')
      .where('inviter_id', '=', inviterId)
      .where('month', '=', month)
      .where('event', '=', 'register')
      .where('inviter_days', '>', 0),
  );
}

export function findEvent(db: Db, inviteeId: number, event: string) {
  return db
    .selectFrom('invite_events')
    .select('id')
    .where('invitee_id', '=', inviteeId)
    .where('event', '=', event)
    .executeTakeFirst();
}

export async function insertEvent(
  db: Db,
  values: {
    inviterId: number;
    inviteeId: number;
    event: string;
    inviterDays: number;
    inviteeDays: number;
    month: string;
    now: number;
  },
): Promise<number> {
  return insertId(db, 'invite_events', {
    inviter_id: values.inviterId,
    invitee_id: values.inviteeId,
    event: values.event,
    inviter_days: values.inviterDays,
    invitee_days: values.inviteeDays,
    month: values.month,
    created_at: values.now,
  });
}

/** A page of the inviter's events, newest first, with the invitee's phone. */
export function historyPage(db: Db, inviterId: number, { offset, limit }: PageWindow) {
  return db
    .selectFrom('invite_events')
    .innerJoin('users', 'users.id', 'invite_events.invitee_id')
    .select([
      'invite_events.id',
      'invite_events.event',
      'invite_events.inviter_days',
      'invite_events.created_at',
      'users.phone',
    ])
    .where('invite_events.inviter_id', '=', inviterId)
    .orderBy('invite_events.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function totals(db: Db, inviterId: number) {
  const row = await db
    .selectFrom('invite_events')
    .select((eb) => [eb.fn.countAll<number>().as('events'), eb.fn.sum<number>('inviter_days').as('days')])
    .where('inviter_id', '=', inviterId)
    .executeTakeFirst();
  const invited = await countRows(
    db.selectFrom('invite_events').where('inviter_id', '=', inviterId).where('event', '=', 'register'),
  );
  return { events: Number(row?.events ?? 0), days: Number(row?.days ?? 0), invited };
}
