import type { Kysely } from 'kysely';

/** Where a session signed in from, for the 登录设备 list in 个人中心. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
