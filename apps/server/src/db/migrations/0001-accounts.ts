import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Users and sessions (PRODUCT.md "Accounts"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const idType = dialectOf(db) === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('users')
    .addColumn('id', idType, (c) =>
      dialectOf(db) === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idType, (c) =>
      dialectOf(db) === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
