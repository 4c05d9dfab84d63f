import type { Kysely } from 'kysely';

/** Captcha challenges already spent, kept until they expire, so one solution buys one SMS. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_captchas')
    .addColumn('signature', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_captchas_expires').on('used_captchas').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_captchas').execute();
}
