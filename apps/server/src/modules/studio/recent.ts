import {
  STUDIO_KEEP_DAYS,
  type StudioImage,
  type StudioImageKind,
  type StudioImagePage,
} from '@chuhai/contract';
import type { PageParams } from '../../lib/paging.ts';
import {
  deleteImages,
  type ImagesDeps,
  listImages,
  type StoredImageRow,
  toStoredImage,
} from '../images/service.ts';
import { translationsOfDrawings } from '../translate/service.ts';
import { worksOfPictures } from './works.ts';

/**
 * 最近作品: 智能做图 results stay listed, with fresh links, for STUDIO_KEEP_DAYS; then the images
 * sweep removes the rows and the files, so the store does not grow with images nobody will open again.
 */
export const STUDIO_KEEP_MS = STUDIO_KEEP_DAYS * 86_400_000;

const STUDIO_KINDS: readonly StudioImageKind[] = ['cutout', 'main', 'replace', 'translate'];

function toView(deps: ImagesDeps, row: StoredImageRow): StudioImage {
  return {
    ...toStoredImage(deps, row),
    kind: row.kind as StudioImageKind,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.keep_until),
  };
}

/**
 * The caller's results of the last STUDIO_KEEP_DAYS days, newest first, of some kinds or all; a
 * translation's latest drawing, and a work's latest cut-out, main image or 换背景 picture, say
 * what 继续编辑 opens.
 */
export async function listRecentImages(
  deps: ImagesDeps,
  userId: number,
  query: PageParams & { kinds?: string },
): Promise<StudioImagePage> {
  const kinds = query.kinds ? (query.kinds.split(',') as StudioImageKind[]) : STUDIO_KINDS;
  const page = await listImages(deps, userId, kinds, query, (row) => toView(deps, row));
  const drawings = page.list.filter((image) => image.kind === 'translate').map((image) => image.id);
  const editable = await translationsOfDrawings(deps, userId, drawings);
  const pictures = page.list.filter((image) => image.kind !== 'translate').map((image) => image.id);
  const reopen = await worksOfPictures(deps, userId, pictures);
  return {
    ...page,
    list: page.list.map((image) => {
      const translationId = editable.get(image.id);
      const workId = reopen.get(image.id);
      if (translationId !== undefined) return { ...image, translationId };
      return workId === undefined ? image : { ...image, workId };
    }),
  };
}

/** Deletes the caller's results among `rawIds` (a comma list) and their files. */
export function deleteRecentImages(deps: ImagesDeps, userId: number, rawIds: string) {
  return deleteImages(deps, userId, STUDIO_KINDS, rawIds);
}
