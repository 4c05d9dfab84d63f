import type { Kysely } from 'kysely';
import { createTableWithId } from '../table-builders.ts';

/** Provider channels (several providers and keys per kind, with their health) and the cost ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'provider_channels')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('keys_sealed', 'text', (c) => c.notNull())
    .addColumn('key_tails', 'varchar(400)', (c) => c.notNull())
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('model_map', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('price_input', 'double precision', (c) => c.notNull())
    .addColumn('price_output', 'double precision', (c) => c.notNull())
    .addColumn('price_image', 'double precision', (c) => c.notNull())
    .addColumn('from_env', 'integer', (c) => c.notNull())
    .addColumn('cooldown_until', 'bigint')
    .addColumn('cooldown_level', 'integer', (c) => c.notNull())
    .addColumn('state_reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('trial_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_channels_name')
    .on('provider_channels')
    .columns(['kind', 'name'])
    .unique()
    .execute();

  // Every provider call, failed ones too: the cost ledger and the window channel health is read from.
  await createTableWithId(db, 'provider_calls')
    .addColumn('channel_id', 'bigint')
    .addColumn('channel_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('model', 'varchar(100)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('failure', 'varchar(20)', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('usage_estimated', 'integer', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull())
    .addColumn('cost_micros', 'bigint', (c) => c.notNull())
    .addColumn('first_byte_ms', 'integer')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_calls_channel')
    .on('provider_calls')
    .columns(['channel_id', 'created_at'])
    .execute();
  await db.schema.createIndex('provider_calls_day').on('provider_calls').columns(['day']).execute();
  await db.schema
    .createIndex('provider_calls_user')
    .on('provider_calls')
    .columns(['user_id', 'created_at'])
    .execute();
}
