import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StudioImageKind } from './table.ts';

type Db = Kysely<Database>;

export async function insertStudioImage(
  db: Db,
  values: {
    userId: number;
    kind: StudioImageKind;
    fileKey: string;
    width: number;
    height: number;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('studio_images')
    .values({
      user_id: values.userId,
      kind: values.kind,
      file_key: values.fileKey,
      width: values.width,
      height: values.height,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's own image of this kind, or undefined (someone else's id looks the same as a missing one). */
export function findOwnImage(db: Db, userId: number, id: number, kind: StudioImageKind) {
  return db
    .selectFrom('studio_images')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}
