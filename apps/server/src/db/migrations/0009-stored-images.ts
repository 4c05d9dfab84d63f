import { type Kysely, sql } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** How long a 智能做图 result was kept when this migration was written (STUDIO_KEEP_DAYS). */
const STUDIO_KEEP_MS = 7 * 86_400_000;

/**
 * One table for every image the product keeps (AI drawings, cut-outs, main images, new
 * backgrounds, and batch results to come): `kind` says what it is, `keep_until` when the sweep
 * removes it (null: until its owner deletes it). The rows of `drawn_images` and `studio_images`
 * move over, oldest first, with their files untouched; then the old tables go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'stored_images')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text')
    .addColumn('image_size', 'varchar(16)')
    .addColumn('provider', 'varchar(16)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('keep_until', 'bigint')
    .execute();
  await db.schema
    .createIndex('stored_images_user_kind')
    .on('stored_images')
    .columns(['user_id', 'kind', 'id'])
    .execute();
  await db.schema.createIndex('stored_images_keep_until').on('stored_images').column('keep_until').execute();

  await sql`
    INSERT INTO stored_images (user_id, kind, file_key, width, height, prompt, image_size, provider, created_at, keep_until)
    SELECT user_id, kind, file_key, width, height, prompt, image_size, provider, created_at, keep_until FROM (
      SELECT user_id, 'draw' AS kind, file_key, width, height, prompt, image_size, provider, created_at,
             CAST(NULL AS bigint) AS keep_until, id AS old_id, 0 AS source
        FROM drawn_images
      UNION ALL
      SELECT user_id, kind, file_key, width, height, NULL, NULL, NULL, created_at,
             created_at + ${sql.lit(STUDIO_KEEP_MS)}, id, 1
        FROM studio_images
    ) AS old_rows
    ORDER BY created_at, source, old_id
  `.execute(db);

  await db.schema.dropTable('drawn_images').execute();
  await db.schema.dropTable('studio_images').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_images').execute();
}
