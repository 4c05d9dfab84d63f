import type { Kysely } from 'kysely';

/**
 * 最近作品 cards say what each picture is: the name of the file the seller uploaded (or the
 * product's), the language, what the checks said, and which translation or work an earlier picture
 * belongs to. JSON written by the feature that made the picture; null for pictures made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_images').addColumn('about', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_images').dropColumn('about').execute();
}
