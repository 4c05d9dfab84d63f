import {
  STUDIO_KEEP_DAYS,
  type StudioImage,
  type StudioImageKind,
  type StudioImagePage,
} from '@chuhai/contract';
import { signedFileUrl } from '../../lib/file-links.ts';
import { parseIdList } from '../../lib/id-list.ts';
import * as studioImages from './repository.ts';
import type { StudioDeps } from './service.ts';

/**
 * 最近作品: 智能做图 results stay listed, with fresh links, for STUDIO_KEEP_DAYS; then a sweep
 * removes the rows and the files, so the store does not grow with images nobody will open again.
 */
export const KEEP_MS = STUDIO_KEEP_DAYS * 86_400_000;

/** Rows removed per statement by the sweep, so one sweep never holds a long write lock. */
const PURGE_BATCH = 200;

type Deps = Pick<StudioDeps, 'db' | 'clock' | 'files' | 'fileUrlSecret' | 'log'>;

function toView(
  deps: Deps,
  row: Awaited<ReturnType<typeof studioImages.recentImagesPage>>[number],
): StudioImage {
  const createdAt = Number(row.created_at);
  return {
    id: Number(row.id),
    kind: row.kind,
    url: signedFileUrl(row.file_key, deps.fileUrlSecret, deps.clock.now()),
    width: Number(row.width),
    height: Number(row.height),
    createdAt,
    expiresAt: createdAt + KEEP_MS,
  };
}

/** The caller's results of the last STUDIO_KEEP_DAYS days, newest first. */
export async function listRecentImages(
  deps: Deps,
  userId: number,
  query: { kinds: readonly StudioImageKind[]; pageNo: number; pageSize: number },
): Promise<StudioImagePage> {
  const filter = { since: deps.clock.now() - KEEP_MS, kinds: query.kinds };
  const [rows, total] = await Promise.all([
    studioImages.recentImagesPage(
      deps.db,
      userId,
      filter,
      (query.pageNo - 1) * query.pageSize,
      query.pageSize,
    ),
    studioImages.countRecentImages(deps.db, userId, filter),
  ]);
  return {
    list: rows.map((row) => toView(deps, row)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function removeFiles(deps: Deps, keys: readonly string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err) => deps.log.warn({ err, key }, 'studio file delete failed'));
}

/** Deletes the caller's images among `rawIds` (a comma list) and their files. */
export async function deleteRecentImages(deps: Deps, userId: number, rawIds: string) {
  const keys = await studioImages.deleteOwnImages(deps.db, userId, parseIdList(rawIds));
  await removeFiles(deps, keys);
  return { deleted: keys.length };
}

/** Removes every image older than STUDIO_KEEP_DAYS, rows first (a file without a row is never shown). */
export async function purgeExpiredImages(deps: Deps): Promise<number> {
  const cutoff = deps.clock.now() - KEEP_MS;
  let removed = 0;
  for (;;) {
    const keys = await studioImages.deleteImagesBefore(deps.db, cutoff, PURGE_BATCH);
    await removeFiles(deps, keys);
    removed += keys.length;
    if (keys.length < PURGE_BATCH) return removed;
  }
}
