import {
  STUDIO_KEEP_DAYS,
  type StudioImage,
  type StudioImageAbout,
  type StudioImageKind,
  type StudioImagePage,
} from '@chuhai/contract';
import type { PageParams } from '../../lib/paging.ts';
import {
  aboutOf,
  deleteImages,
  type ImagesDeps,
  listImages,
  type StoredImageRow,
  toStoredImage,
} from '../images/service.ts';
import { keptTranslations, translationsOfDrawings } from '../translate/service.ts';
import { keptWorks, type WorkLink, worksOfPictures } from './works.ts';

/**
 * 最近作品: what 智能做图 made is kept with fresh links for STUDIO_KEEP_DAYS; then the images
 * sweep removes the rows and the files, so the store does not grow with images nobody will open again.
 */
export const STUDIO_KEEP_MS = STUDIO_KEEP_DAYS * 86_400_000;

const STUDIO_KINDS: readonly StudioImageKind[] = ['cutout', 'main', 'replace', 'translate'];

/** What an image's `about` holds: the card's words, and which translation or work an earlier picture is of. */
type StoredAbout = StudioImageAbout & {
  translationId?: number;
  workId?: number;
  workTool?: WorkLink['workTool'];
};

const ABOUT_KEYS = ['name', 'language', 'preset', 'mainPass', 'residual', 'legibility'] as const;

interface Listed extends StudioImage {
  stored: StoredAbout;
}

function toView(deps: ImagesDeps, row: StoredImageRow): Listed {
  const stored = aboutOf(row) as StoredAbout;
  const about = Object.fromEntries(
    ABOUT_KEYS.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]),
  );
  return {
    ...toStoredImage(deps, row),
    kind: row.kind as StudioImageKind,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.keep_until),
    ...(Object.keys(about).length > 0 ? { about: about as StudioImageAbout } : {}),
    stored,
  };
}

/**
 * The caller's results of the last STUDIO_KEEP_DAYS days, newest first, of some kinds or all, each
 * with what its card says (name, language, checks) and what it opens: a translation's or work's
 * latest picture 继续编辑, an earlier one 打开, while that translation or work is kept.
 */
export async function listRecentImages(
  deps: ImagesDeps,
  userId: number,
  query: PageParams & { kinds?: string },
): Promise<StudioImagePage> {
  const kinds = query.kinds ? (query.kinds.split(',') as StudioImageKind[]) : STUDIO_KINDS;
  const page = await listImages(deps, userId, kinds, query, (row) => toView(deps, row));
  const drawings = page.list.filter((image) => image.kind === 'translate');
  const pictures = page.list.filter((image) => image.kind !== 'translate');
  const latestDrawing = await translationsOfDrawings(
    deps,
    userId,
    drawings.map((image) => image.id),
  );
  const latestPicture = await worksOfPictures(
    deps,
    userId,
    pictures.map((image) => image.id),
  );
  const earlierTranslations = await keptTranslations(
    deps,
    userId,
    drawings.flatMap((image) => image.stored.translationId ?? []),
  );
  const earlierWorks = await keptWorks(
    deps,
    userId,
    pictures.flatMap((image) => image.stored.workId ?? []),
  );
  return {
    ...page,
    list: page.list.map(({ stored, ...image }): StudioImage => {
      const translationId = latestDrawing.get(image.id);
      if (translationId !== undefined) return { ...image, translationId };
      const work = latestPicture.get(image.id);
      if (work) return { ...image, ...work };
      if (stored.translationId !== undefined && earlierTranslations.has(stored.translationId))
        return { ...image, translationId: stored.translationId, earlier: true };
      if (stored.workId !== undefined && stored.workTool && earlierWorks.has(stored.workId))
        return { ...image, workId: stored.workId, workTool: stored.workTool, earlier: true };
      return image;
    }),
  };
}

/** Deletes the caller's results among `rawIds` (a comma list) and their files. */
export function deleteRecentImages(deps: ImagesDeps, userId: number, rawIds: string) {
  return deleteImages(deps, userId, STUDIO_KINDS, rawIds);
}
