import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** Invitation events: who invited whom, what happened, and the reward it earned. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'invite_events')
    .addColumn('inviter_id', 'bigint', userReference)
    .addColumn('invitee_id', 'bigint', userReference)
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('inviter_days', 'integer', (c) => c.notNull())
    .addColumn('invitee_days', 'integer', (c) => c.notNull())
    .addColumn('month', 'char(7)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One reward per invitee and event, however often the event is reported.
  await db.schema
    .createIndex('invite_events_invitee_event')
    .on('invite_events')
    .columns(['invitee_id', 'event'])
    .unique()
    .execute();
  await db.schema
    .createIndex('invite_events_inviter')
    .on('invite_events')
    .columns(['inviter_id', 'month', 'event'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invite_events').execute();
}
