import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;

export async function insertImage(
  db: Db,
  values: {
    userId: number;
    prompt: string;
    imageSize: string;
    fileKey: string;
    width: number;
    height: number;
    provider: string;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('drawn_images')
    .values({
      user_id: values.userId,
      prompt: values.prompt,
      image_size: values.imageSize,
      file_key: values.fileKey,
      width: values.width,
      height: values.height,
      provider: values.provider,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function imagesPage(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('drawn_images')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type ImageRow = Awaited<ReturnType<typeof imagesPage>>[number];

export async function countImages(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('drawn_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function ownImages(db: Db, userId: number, ids: number[]) {
  return db
    .selectFrom('drawn_images')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export async function deleteImages(db: Db, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('drawn_images')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
