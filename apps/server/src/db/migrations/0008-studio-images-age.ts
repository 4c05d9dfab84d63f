import type { Kysely } from 'kysely';

/** 智能做图 results are removed after a few days: the sweep finds them by age. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('studio_images_created').on('studio_images').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('studio_images_created').execute();
}
