import {
  type BackgroundChoice,
  type CutoutWork,
  type MainImageReport,
  type PlacementSettings,
  type ReplaceWork,
  ResultCode,
  STUDIO_KEEP_DAYS,
  type StoredImage,
  type StudioWork,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import {
  describeImages,
  findKeptImage,
  type ImagesDeps,
  keepImagesUntil,
  photoLink,
  type StoredImageRow,
  toStoredImage,
} from '../images/service.ts';
import * as works from './repository.ts';
import type { CutoutDocument, ReplaceDocument } from './work-document.ts';

/**
 * 抠图 and 换背景 works: each result a seller made can be opened again on its screen (继续编辑 in
 * 最近作品, a reload) as last left, the cut-out as last brushed, for as long as its pictures are
 * kept. What is kept besides the pictures is the document: settings and checks.
 */

/** As long as 最近作品 keeps a result (recent.ts). */
const KEEP_MS = STUDIO_KEEP_DAYS * 86_400_000;

/** A main image as 抠图 made it. */
export interface MadeMain {
  image: StoredImage;
  preset: string;
  check: MainImageReport;
}

const gone = () =>
  new AppError(
    ResultCode.notFound,
    '这次作品已过期或已删除，不能再打开：可以在最近作品里下载图片，或重新上传图片',
  );

/** Its pictures are kept as long as the work: a cut-out made days ago lasts as long as today's result. */
async function keepPictures(deps: ImagesDeps, userId: number, ids: (number | null)[]) {
  const keepUntil = deps.clock.now() + KEEP_MS;
  await keepImagesUntil(
    deps,
    userId,
    ids.filter((id): id is number => id !== null),
    keepUntil,
  );
  return keepUntil;
}

/** 最近作品's words for a work's picture: the photo's name (and a main image's marketplace and check). */
const named = (name: string) => (name ? { name } : {});
const mainAbout = (name: string, main: { preset: string; check: MainImageReport }) => ({
  ...named(name),
  preset: main.preset,
  mainPass: main.check.pass,
});

async function insert(
  deps: ImagesDeps,
  userId: number,
  tool: 'cutout' | 'replace',
  ids: { cutoutId: number; resultId: number | null },
  document: CutoutDocument | ReplaceDocument,
) {
  const now = deps.clock.now();
  const keepUntil = await keepPictures(deps, userId, [ids.cutoutId, ids.resultId]);
  const id = await works.insertWork(deps.db, {
    user_id: userId,
    tool,
    cutout_id: ids.cutoutId,
    result_id: ids.resultId,
    document: JSON.stringify(document),
    created_at: now,
    updated_at: now,
    keep_until: keepUntil,
  });
  const main = 'main' in document ? document.main : undefined;
  await describeImages(deps, userId, [ids.cutoutId], named(document.name));
  if (ids.resultId !== null)
    await describeImages(
      deps,
      userId,
      [ids.resultId],
      main ? mainAbout(document.name, main) : named(document.name),
    );
  return id;
}

/** A new photo cut on 抠图 starts a work; returns its id. */
export function startCutoutWork(
  deps: ImagesDeps,
  userId: number,
  made: { name: string; preset: string; makeMain: boolean; cutoutId: number; check?: MainImageReport },
  main: MadeMain | undefined,
) {
  const { cutoutId, ...settings } = made;
  const document: CutoutDocument = {
    ...settings,
    touchedUp: false,
    ...(main ? { main: { preset: main.preset, check: main.check, allParts: false } } : {}),
  };
  return insert(deps, userId, 'cutout', { cutoutId, resultId: main ? main.image.id : null }, document);
}

/**
 * Which works a change to a cut-out moves: a new main image from the same cut-out (一键修正,
 * 「这些都是商品」) changes its 抠图 work; a brushed cut-out with a new main image (抠图's 修补)
 * moves its 抠图 and 换背景 works onto it; one without (换背景's 修补) moves only the 换背景 works,
 * so a 抠图 work never shows a cut-out beside a main image made from another.
 */
function toolsMoved(from: number, change: { cutoutId: number; main?: unknown }) {
  if (change.cutoutId === from) return ['cutout'] as const;
  return change.main ? (['cutout', 'replace'] as const) : (['replace'] as const);
}

/**
 * A change to a cut-out (一键修正, 「这些都是商品」, 修补): the works on it now open with the new
 * cut-out (`touchedUp` when brushed) and, 抠图's, with the new main image. Returns the 抠图 work's id.
 */
export async function keepCutoutChange(
  deps: ImagesDeps,
  userId: number,
  from: number,
  change: { cutoutId: number; touchedUp?: boolean; main?: MadeMain & { allParts: boolean } },
): Promise<number | undefined> {
  const rows = await works.worksOnCutout(deps.db, userId, from, toolsMoved(from, change));
  const now = deps.clock.now();
  for (const row of rows) {
    const before = row.document;
    const touchedUp = change.touchedUp || before.touchedUp;
    const main = row.tool === 'cutout' ? change.main : undefined;
    const document = main
      ? { ...before, touchedUp, main: { preset: main.preset, check: main.check, allParts: main.allParts } }
      : { ...before, touchedUp };
    const resultId = main ? main.image.id : row.result_id === null ? null : Number(row.result_id);
    const keepUntil = await keepPictures(deps, userId, [change.cutoutId, resultId]);
    await works.updateWork(deps.db, Number(row.id), {
      cutoutId: change.cutoutId,
      resultId,
      document: JSON.stringify(document),
      now,
      keepUntil,
    });
    await describeImages(deps, userId, [change.cutoutId], named(before.name));
    if (main) await describeImages(deps, userId, [main.image.id], mainAbout(before.name, main));
    // What the work showed before is an earlier picture now: its card still opens the work (打开),
    // 抠图's work first when a cut-out was under both.
    const earlier = [Number(row.cutout_id), row.result_id === null ? null : Number(row.result_id)].filter(
      (id): id is number => id !== null && id !== change.cutoutId && id !== resultId,
    );
    const link = { workId: Number(row.id), workTool: row.tool };
    if (row.tool === 'cutout') await describeImages(deps, userId, earlier, link);
    else await describeUnlinked(deps, userId, earlier, link);
  }
  const cutoutWork = rows.find((row) => row.tool === 'cutout');
  return cutoutWork ? Number(cutoutWork.id) : undefined;
}

/** `describeImages`, leaving the pictures that already name a work as they are. */
async function describeUnlinked(
  deps: ImagesDeps,
  userId: number,
  ids: number[],
  link: { workId: number; workTool: string },
) {
  const rows = await works.worksShowing(deps.db, userId, ids, deps.clock.now());
  const taken = new Set(rows.filter((row) => row.tool === 'cutout').map((row) => Number(row.cutout_id)));
  await describeImages(
    deps,
    userId,
    ids.filter((id) => !taken.has(id)),
    link,
  );
}

/** Whether the seller brushed this cut-out in 修补 (its alpha is then theirs, not the model's). */
export async function isBrushed(deps: ImagesDeps, userId: number, cutoutId: number): Promise<boolean> {
  const rows = await works.worksOnCutout(deps.db, userId, cutoutId, ['cutout', 'replace']);
  return rows.some((row) => row.document.touchedUp);
}

/**
 * A 换背景 result starts a work: the cut-out it stood on and the settings. Its name and whether
 * it was brushed come from the works already on that cut-out (a cut-out handed over from 抠图).
 */
export async function startReplaceWork(
  deps: ImagesDeps,
  userId: number,
  made: {
    name: string;
    cutoutId: number;
    resultId: number;
    background: BackgroundChoice;
    placement: PlacementSettings;
  },
) {
  const earlier = await works.worksOnCutout(deps.db, userId, made.cutoutId, ['cutout', 'replace']);
  const known = earlier.map((row) => row.document);
  const document: ReplaceDocument = {
    name: known[0]?.name ?? made.name,
    touchedUp: known.some((doc) => doc.touchedUp),
    background: made.background,
    placement: made.placement,
  };
  return insert(deps, userId, 'replace', { cutoutId: made.cutoutId, resultId: made.resultId }, document);
}

const picture = (deps: ImagesDeps, row: StoredImageRow) => toStoredImage(deps, row);

/**
 * `GET /api/v1/studio/works/:id`: the caller's work as last left, with fresh links. Another
 * seller's id, an expired one and one whose pictures are gone all read as 404. Costs nothing.
 */
export async function openWork(deps: ImagesDeps, userId: number, id: number): Promise<StudioWork> {
  const row = await works.findOwnWork(deps.db, userId, id, deps.clock.now());
  if (!row) throw gone();
  const cutout = await findKeptImage(deps, userId, Number(row.cutout_id), 'cutout');
  if (!cutout) throw gone();
  const base = {
    workId: Number(row.id),
    cutout: picture(deps, cutout),
    photoUrl: photoLink(deps, cutout.file_key),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.tool === 'replace') {
    const result =
      row.result_id === null
        ? undefined
        : await findKeptImage(deps, userId, Number(row.result_id), 'replace');
    if (!result) throw gone();
    const work: ReplaceWork = { tool: 'replace', ...base, ...row.document, result: picture(deps, result) };
    return work;
  }
  const { main, ...document } = row.document;
  const image =
    row.result_id === null ? undefined : await findKeptImage(deps, userId, Number(row.result_id), 'main');
  const work: CutoutWork = {
    tool: 'cutout',
    ...base,
    ...document,
    ...(main && image ? { main: { ...main, image: picture(deps, image) } } : {}),
  };
  return work;
}

/** A work a 最近作品 card opens, and on which screen. */
export interface WorkLink {
  workId: number;
  workTool: 'cutout' | 'replace';
}

/**
 * Which of these pictures are their work's latest, so 最近作品 offers 继续编辑: picture id → work.
 * A cut-out 换背景 stood on that is no 抠图 work's opens its 换背景 work.
 */
export async function worksOfPictures(
  deps: ImagesDeps,
  userId: number,
  pictureIds: readonly number[],
): Promise<Map<number, WorkLink>> {
  const rows = await works.worksShowing(deps.db, userId, pictureIds, deps.clock.now());
  const map = new Map<number, WorkLink>();
  // 抠图's works last, so theirs win a cut-out under both.
  const ordered = [...rows.filter((r) => r.tool === 'replace'), ...rows.filter((r) => r.tool === 'cutout')];
  for (const row of ordered) {
    const link: WorkLink = { workId: Number(row.id), workTool: row.tool };
    if (pictureIds.includes(Number(row.cutout_id))) map.set(Number(row.cutout_id), link);
    if (row.result_id !== null) map.set(Number(row.result_id), link);
  }
  return map;
}

/** Which of these works of the caller's are still kept (an earlier picture's card opens them). */
export async function keptWorks(deps: ImagesDeps, userId: number, ids: readonly number[]) {
  const rows = await works.worksKept(deps.db, userId, ids, deps.clock.now());
  return new Set(rows.map((row) => Number(row.id)));
}
