import { randomUUID } from 'node:crypto';
import type { StoredImage } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { signedFileUrl } from '../../lib/file-links.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { CONTENT_TYPES, EXTENSIONS, type ImageInfo } from '../../lib/image-size.ts';
import { type PageOf, type PageParams, paginate } from '../../lib/paging.ts';
import * as images from './repository.ts';
import type { StoredImageKind } from './table.ts';

/**
 * Every image the product keeps for a user goes through here: the file into the file store under
 * `u/<user>/<kind>/`, a row that says whose it is and until when it is kept, links signed for its
 * owner only, deletes that remove row and file, and one sweep for everything past its keeping.
 */
export type ImagesDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'files' | 'fileUrlSecret'>;

/** Rows removed per statement by the sweep, so one sweep never holds a long write lock. */
const PURGE_BATCH = 200;

export interface NewImage {
  kind: StoredImageKind;
  bytes: Buffer;
  format: ImageInfo['format'];
  width: number;
  height: number;
  /** How long it is kept; absent keeps it until its owner deletes it. */
  keepMs?: number;
  prompt?: string;
  imageSize?: string;
  provider?: string;
}

/** A fresh link to a stored file, for its owner. */
export function fileLink(deps: Pick<ImagesDeps, 'clock' | 'fileUrlSecret'>, fileKey: string): string {
  return signedFileUrl(fileKey, deps.fileUrlSecret, deps.clock.now());
}

/**
 * A fresh link to a cut-out's photo: the cut-out keeps the photo's colours under its transparent
 * parts (修补's 恢复 paints them back), so the file without its alpha is the photo as it was cut.
 */
export function photoLink(deps: Pick<ImagesDeps, 'clock' | 'fileUrlSecret'>, fileKey: string): string {
  return `${fileLink(deps, fileKey)}&opaque=1`;
}

/** Stores the file, then its row (a file without a row is never shown); returns the row and the link. */
export async function storeImage(deps: ImagesDeps, userId: number, image: NewImage) {
  const file = await putImageFile(deps, userId, image);
  return file.insertRow(deps.db);
}

/**
 * The file only, under the same kind of key; its row is inserted later by `insertRow`, with the db
 * given (a transaction: work that delivers several things at once keeps the rows with the rest, and
 * deletes `fileKey` when it rolls back).
 */
export async function putImageFile(deps: ImagesDeps, userId: number, image: NewImage) {
  const fileKey = `u/${userId}/${image.kind}/${randomUUID()}.${EXTENSIONS[image.format]}`;
  await deps.files.put(fileKey, image.bytes, CONTENT_TYPES[image.format]);
  return {
    fileKey,
    insertRow: async (db: ImagesDeps['db']): Promise<images.StoredImageRow> => {
      const now = deps.clock.now();
      const values = {
        user_id: userId,
        kind: image.kind,
        file_key: fileKey,
        width: image.width,
        height: image.height,
        prompt: image.prompt ?? null,
        image_size: image.imageSize ?? null,
        provider: image.provider ?? null,
        about: null,
        created_at: now,
        keep_until: image.keepMs === undefined ? null : now + image.keepMs,
      };
      return { id: await images.insertImage(db, values), ...values };
    },
  };
}

/** What every image answer carries: id, a signed link and the pixel size. */
export function toStoredImage(
  deps: Pick<ImagesDeps, 'clock' | 'fileUrlSecret'>,
  row: images.StoredImageRow,
): StoredImage {
  return {
    id: Number(row.id),
    url: fileLink(deps, row.file_key),
    width: Number(row.width),
    height: Number(row.height),
  };
}

/** A page of the user's kept images of these kinds, newest first, mapped by the calling feature. */
export function listImages<Item>(
  deps: ImagesDeps,
  userId: number,
  kinds: readonly StoredImageKind[],
  params: PageParams,
  toItem: (row: images.StoredImageRow) => Item,
): Promise<PageOf<Item>> {
  const filter = { kinds, now: deps.clock.now() };
  return paginate(
    params,
    kinds.includes('draw') ? 'drawings' : 'recentImages',
    {
      rows: (window) => images.imagesPage(deps.db, userId, filter, window),
      total: () => images.countImages(deps.db, userId, filter),
    },
    toItem,
  );
}

/** The user's own image of this kind with its file's bytes, or null when either is gone. */
export async function loadOwnImage(deps: ImagesDeps, userId: number, id: number, kind: StoredImageKind) {
  const row = await images.findOwnImage(deps.db, userId, id, kind);
  const file = row ? await deps.files.get(row.file_key) : null;
  return row && file ? { row, bytes: file.bytes } : null;
}

/** The user's own image of this kind still kept at `now` (its row, no bytes), or undefined. */
export async function findKeptImage(deps: ImagesDeps, userId: number, id: number, kind: StoredImageKind) {
  const row = await images.findOwnImage(deps.db, userId, id, kind);
  const kept = row && (row.keep_until === null || Number(row.keep_until) > deps.clock.now());
  return kept ? row : undefined;
}

/**
 * Adds to what the user's images among `ids` are said to be (`about`, for 最近作品): each key given
 * replaces its value, the others stay. `deps.db` may be a transaction.
 */
export async function describeImages(
  deps: Pick<ImagesDeps, 'db'>,
  userId: number,
  ids: readonly number[],
  about: Record<string, unknown>,
): Promise<void> {
  const rows = await images.aboutOfImages(deps.db, userId, ids);
  for (const row of rows) {
    await images.setImageAbout(
      deps.db,
      userId,
      Number(row.id),
      JSON.stringify({ ...aboutOf(row), ...about }),
    );
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an image is said to be (`about`, written by `describeImages`), or an empty object: it only
 * labels a card in 最近作品, so an unreadable one labels nothing rather than failing the list.
 */
export function aboutOf(row: Pick<images.StoredImageRow, 'about'>): Record<string, unknown> {
  if (!row.about) return {};
  try {
    const about: unknown = JSON.parse(row.about);
    return isRecord(about) ? about : {};
  } catch {
    return {};
  }
}

/** Keeps the user's images among `ids` at least until `until`; a longer keeping is left as it is. */
export function keepImagesUntil(deps: ImagesDeps, userId: number, ids: readonly number[], until: number) {
  return images.keepUntilAtLeast(deps.db, userId, ids, until);
}

async function removeFiles(deps: ImagesDeps, keys: readonly string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err) => deps.log.warn({ err, key }, 'stored file delete failed'));
}

/** Deletes the caller's images of these kinds among `rawIds` (a comma list), rows first, then files. */
export async function deleteImages(
  deps: ImagesDeps,
  userId: number,
  kinds: readonly StoredImageKind[],
  rawIds: string,
) {
  const keys = await images.deleteOwnImages(deps.db, userId, kinds, parseIdList(rawIds));
  await removeFiles(deps, keys);
  return { deleted: keys.length };
}

/**
 * Removes every image whose keeping has ended. Any node may run it at the same time as another: a
 * row is deleted once, and only the node that deleted it removes the file.
 */
export async function purgeExpiredImages(deps: ImagesDeps): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = await images.deleteExpiredImages(deps.db, deps.clock.now(), PURGE_BATCH);
    await removeFiles(deps, keys);
    removed += keys.length;
    if (keys.length < PURGE_BATCH) return removed;
  }
}

/** A stored image's row, as the modules that list their own kinds of image map it. */
export type { StoredImageRow } from './repository.ts';
