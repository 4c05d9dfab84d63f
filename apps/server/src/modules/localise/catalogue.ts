import {
  BATCH_LIMITS,
  LOCALISE_LIMITS,
  type LocaliseCatalogue,
  type LocaliseCatalogueProduct,
  ResultCode,
} from '@chuhai/contract';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '../../lib/app-error.ts';
import { imageInfo } from '../../lib/image-size.ts';
import { notAnImageReason } from '../../lib/image-upload.ts';
import { readSheet, type SheetLimits } from '../../lib/sheet/read-sheet.ts';
import { isNoise, type Refused, type UnzipBudget, unzipInto } from '../../lib/unzip-images.ts';
import { deleteImages } from '../images/service.ts';
import { byPhotoOrder, type PhotoPlace, photoPath, placePhoto } from './catalogue-photos.ts';
import { type CatalogueSheet, MOST_ROWS, readCatalogueSheet } from './catalogue-sheet.ts';
import type { LocaliseDeps } from './deps.ts';
import { keepPhoto } from './photos.ts';

const MB = 1024 * 1024;
const LIMITS = LOCALISE_LIMITS.catalogue;
/** The header and MOST_ROWS products; cells past column GR; a workbook's directory of 1,000 entries. */
const SHEET_LIMITS: SheetLimits = {
  maxRows: MOST_ROWS + 1,
  maxColumns: 200,
  maxUnpackedBytes: LIMITS.sheetUnpackedBytes,
  maxEntries: 1000,
};
/** The name the unpacker gives the ZIP itself in what it refuses: a broken ZIP, a limit reached. */
const THE_ZIP = '\u0000photos.zip';
/** A name that says picture: such a file that will not open refuses its row; a `.psd` or `.txt` is only noted. */
const PICTURE_NAME = /\.(jpe?g|png|webp|gif|bmp|heic|heif|avif|tiff?)$|(^|\/)[^./]+$/i;

const bad = (msg: string) => new AppError(ResultCode.badRequest, msg);
const tooLarge = (msg: string) => new AppError(ResultCode.payloadTooLarge, msg);

/** A photo kept for a product, until the end decides whether its row is taken. */
interface StoredPhoto extends PhotoPlace {
  name: string;
  id: number;
  /** The owner's signed link: the page's thumbnail when this is a product's main photo. */
  url: string;
}

/** A photo of a product that did not open, with why: it refuses its row if the row would use it. */
interface UnreadablePhoto extends PhotoPlace {
  name: string;
  line: string;
}

/** What the ZIP gave each product, as it streams. */
interface PhotoIntake {
  stored: StoredPhoto[];
  /** Photos that did not open, each in its product's order (`sortKey`). */
  unreadable: UnreadablePhoto[];
  ignored: { name: string; reason: string }[];
  /** Pixels the photos decoded so far say they have (by their headers), against LIMITS.photoPixels. */
  pixels: number;
}

/** Photos a product uses: one main picture and the detail pictures. */
const MOST_PHOTOS = 1 + LOCALISE_LIMITS.detailPictures;
const extraPhoto = (name: string, code: string) => ({
  name,
  reason: `${code} 的照片超过 1 张主图 + ${LOCALISE_LIMITS.detailPictures} 张详情图的上限，这张没有用上`,
});

/** Sellers whose catalogue this node is reading now: one at a time each. */
const reading = new Set<number>();

/** The sheet's bytes, refused past the limit. */
async function readSheetBytes(file: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > LIMITS.sheetBytes)
      throw tooLarge(
        `商品表超过 ${LIMITS.sheetBytes / MB} MB 的上限，一次最多 ${LOCALISE_LIMITS.products} 个商品，请分批上传`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * How a photo (a ZIP's entry or a file of its own) is taken: stored as a `localise-photo` when it is
 * a picture of a taken row, checked as every upload is; a picture that does not open is kept against
 * its row; a file of no row is noted. `refuse` is for a photo the unpacking already turned down.
 */
function photoTaker(deps: LocaliseDeps, userId: number, sheet: CatalogueSheet, intake: PhotoIntake) {
  const codes = [...sheet.codes.keys()];
  const whose = (name: string) => {
    const place = placePhoto(name, codes);
    const row = place ? sheet.codes.get(place.code) : undefined;
    return place && row ? { place, row } : null;
  };
  const noRow = (name: string, why: string | null) => ({
    name,
    reason: why ?? '表里没有这个编码的商品，没有用上',
  });
  const notTaken = (name: string, row: number) => ({
    name,
    reason: `第 ${row} 行没有收下，这张照片也没有保存`,
  });
  const unreadable = (name: string, place: PhotoPlace, line: string) =>
    intake.unreadable.push({ ...place, name, line });

  /**
   * Whether a photo is worth decoding: not when its product already has as many photos as it uses,
   * all ordered before it (a ZIP holding 1,000 photos of one code decodes 9, not 1,000), and not
   * once the upload's pixels are spent.
   */
  const worthDecoding = (name: string, place: PhotoPlace, bytes: Buffer) => {
    const mine = intake.stored.filter((p) => p.code === place.code).sort(byPhotoOrder);
    const last = mine[MOST_PHOTOS - 1];
    if (last && byPhotoOrder(place, last) >= 0) return void intake.ignored.push(extraPhoto(name, place.code));
    const header = imageInfo(bytes);
    const pixels = header ? header.width * header.height : 0;
    if (intake.pixels + pixels > LIMITS.photoPixels) {
      const why = `这次上传的照片加起来超过 ${LIMITS.photoPixels / 100_000_000} 亿像素，请把照片缩小（长边 2000 像素左右即可）或分批上传`;
      // A product that has its main photo goes on without this one; one with none cannot.
      if (mine.length > 0) intake.ignored.push({ name, reason: `没有处理：${why}` });
      else unreadable(name, place, `照片「${name}」没有处理：${why}`);
      return false;
    }
    intake.pixels += pixels;
    return true;
  };

  const take = async (name: string, bytes: Buffer) => {
    const match = whose(name);
    if (!match) return void intake.ignored.push(noRow(name, notAnImageReason(bytes.subarray(0, 256))));
    if (!match.row.taken) return void intake.ignored.push(notTaken(name, match.row.row));
    if (!worthDecoding(name, match.place, bytes)) return;
    try {
      const photo = await keepPhoto(deps, userId, bytes, `照片「${name}」`);
      intake.stored.push({ ...match.place, name, id: photo.id, url: photo.url });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (PICTURE_NAME.test(name)) unreadable(name, match.place, error.message);
      else intake.ignored.push({ name, reason: '不是图片，没有用上' });
    }
  };

  const refuse = (name: string, reason: string) => {
    const match = whose(name);
    if (!match) intake.ignored.push(noRow(name, reason));
    else if (!match.row.taken) intake.ignored.push(notTaken(name, match.row.row));
    else if (PICTURE_NAME.test(name)) unreadable(name, match.place, `照片「${name}」：${reason}`);
    else intake.ignored.push({ name, reason });
  };
  return { take, refuse };
}

/**
 * Unpacks the ZIP as it streams (batch's unpacker: off the event loop, capped in entries and bytes),
 * each entry taken as `photoTaker` says.
 */
async function readPhotoZip(
  taker: ReturnType<typeof photoTaker>,
  head: Uint8Array,
  reader: AsyncIterator<Buffer>,
) {
  const { take } = taker;
  const refused: Refused[] = [];
  const budget: UnzipBudget = {
    limits: { maxZipEntries: LIMITS.zipEntries, maxUnpackedBytes: LIMITS.zipUnpackedBytes },
    entries: 0,
    unpackedBytes: 0,
    told: false,
  };
  await unzipInto(THE_ZIP, head, reader, take, refused, budget, photoPath);
  for (const { name, reason } of refused) {
    if (name === THE_ZIP)
      throw budget.told
        ? tooLarge(
            `照片${reason.startsWith('压缩包') ? '' : '压缩包'}${reason.replace('，其余的没有处理', '')}`,
          )
        : bad('照片压缩包已损坏，请重新打包后上传');
    taker.refuse(name, reason);
  }
}

/** What the photos sent as files of their own have cost so far, against the ZIP's limits. */
interface FileBudget {
  files: number;
  bytes: number;
}

/**
 * One photo sent as a file of its own (the form's `photos` parts, named by product code like a ZIP's
 * entries), under the ZIP's limits: at most LIMITS.zipEntries files and zipUnpackedBytes in all (the
 * request is refused past them, 413), each at most 10 MB (past that it is turned down like a ZIP's
 * entry), pixels counted as the ZIP's are.
 */
async function readPhotoFile(
  taker: ReturnType<typeof photoTaker>,
  name: string,
  head: Buffer,
  reader: AsyncIterator<Buffer>,
  budget: FileBudget,
) {
  budget.files += 1;
  if (budget.files > LIMITS.zipEntries) throw tooLarge(`照片超过 ${LIMITS.zipEntries} 张，请分批上传`);
  const chunks: Buffer[] = [head];
  let size = head.length;
  let tooBig = size > BATCH_LIMITS.maxEntryBytes;
  for (let next = await reader.next(); !next.done; next = await reader.next()) {
    size += next.value.length;
    budget.bytes += next.value.length;
    if (size > BATCH_LIMITS.maxEntryBytes) tooBig = true;
    else chunks.push(next.value);
  }
  budget.bytes += head.length;
  if (budget.bytes > LIMITS.zipUnpackedBytes)
    throw tooLarge(`照片加起来超过 ${LIMITS.zipUnpackedBytes / MB} MB，请分批上传`);
  if (isNoise(name)) return;
  if (tooBig) return taker.refuse(name, `超过 ${BATCH_LIMITS.maxEntryBytes / MB} MB 的上限，已跳过`);
  await taker.take(name, Buffer.concat(chunks));
}

/** Deletes stored photos that no product uses (a refused row's, a product's extra ones). */
async function dropPhotos(deps: LocaliseDeps, userId: number, ids: number[]) {
  for (let i = 0; i < ids.length; i += 100)
    await deleteImages(deps, userId, ['localise-photo'], ids.slice(i, i + 100).join(','));
}

/**
 * Each taken row with its photos in order, or refused: no photo, or a picture that does not open
 * among the ones it uses. A broken photo past those is only noted as unused, like a good one there:
 * the ZIP's entries unpack in parallel, and which of them was decoded first must not decide the row.
 */
function assemble(sheet: CatalogueSheet, intake: PhotoIntake, from: 'zip' | 'files') {
  const products: LocaliseCatalogueProduct[] = [];
  const refused = [...sheet.refused];
  const unused: number[] = [];
  for (const { row, code, facts } of sheet.rows) {
    const key = code.toLowerCase();
    const mine = [...intake.stored, ...intake.unreadable].filter((p) => p.code === key).sort(byPhotoOrder);
    const used = mine.slice(0, MOST_PHOTOS);
    const broken = used.filter((p): p is UnreadablePhoto => 'line' in p);
    const photos = mine.filter((p): p is StoredPhoto => 'id' in p);
    if (broken.length > 0 || photos.length === 0) {
      unused.push(...photos.map((p) => p.id));
      refused.push({
        row,
        code,
        reason:
          broken.length > 0
            ? broken.map((p) => p.line).join('；')
            : `${from === 'zip' ? '压缩包里' : '上传的照片里'}没有这个编码的照片（照片以编码命名，如 ${code}.jpg、${code}-1.jpg，或放在 ${code}/ 文件夹里）`,
      });
      continue;
    }
    for (const extra of mine.slice(MOST_PHOTOS)) {
      if ('id' in extra) unused.push(extra.id);
      intake.ignored.push(extraPhoto(extra.name, code));
    }
    const [main, ...details] = used as StoredPhoto[];
    products.push({
      code,
      facts,
      mainPhotoId: (main as StoredPhoto).id,
      detailPhotoIds: details.map((p) => p.id),
      mainPhotoUrl: (main as StoredPhoto).url,
    });
  }
  refused.sort((a, b) => a.row - b.row);
  return { catalogue: { products, refused, ignoredPhotos: intake.ignored }, unused };
}

/** Multipart limits the parser stops at, as Chinese messages about this form. */
function formError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return tooLarge(`照片压缩包超过 ${LIMITS.zipBytes / MB} MB 的上限，请分批上传`);
  if (code === 'FST_FILES_LIMIT')
    return tooLarge(
      `一次最多一个商品表（sheet）和一个照片压缩包或 ${LIMITS.zipEntries} 张照片（photos），请分批上传`,
    );
  return error;
}

/**
 * `POST /api/v1/localise/catalogue`: a sheet of products (CSV or XLSX, field `sheet`) and a ZIP of
 * their photos or the photos as files of their own (field `photos`, after the sheet) in, the products ready for the estimate out, with
 * every refused row by its row number and reason, and the ZIP's unused files. Nothing is charged. A
 * refused row keeps no photo: its stored ones are deleted, and so is everything when the request
 * fails as a whole. One catalogue per seller at a time on a node (429 for a second one); its photos
 * decoded one by one on libuv's pool (sharp), within LOCALISE_LIMITS.catalogue.photoPixels.
 */
export async function readCatalogue(
  deps: LocaliseDeps,
  userId: number,
  parts: AsyncIterableIterator<Multipart>,
): Promise<LocaliseCatalogue> {
  // Reading a catalogue is minutes of decoding at most; a seller's second one at the same time
  // would only double what one seller can make this node do.
  if (reading.has(userId))
    throw new AppError(ResultCode.tooManyRequests, '上一个商品表还在读取，请等它读完再上传');
  reading.add(userId);
  try {
    return await readWhole(deps, userId, parts);
  } finally {
    reading.delete(userId);
  }
}

async function readWhole(
  deps: LocaliseDeps,
  userId: number,
  parts: AsyncIterableIterator<Multipart>,
): Promise<LocaliseCatalogue> {
  let sheet: CatalogueSheet | null = null;
  let photos: 'zip' | 'files' | null = null;
  const intake: PhotoIntake = { stored: [], unreadable: [], ignored: [], pixels: 0 };
  const budget: FileBudget = { files: 0, bytes: 0 };
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname === 'sheet') {
        if (sheet) throw bad('一次只收一个商品表');
        sheet = readCatalogueSheet(await readSheet(await readSheetBytes(part.file), SHEET_LIMITS));
      } else if (part.fieldname === 'photos') {
        if (!sheet) throw bad('请先放商品表（sheet），再放照片压缩包或照片（photos）');
        const reader = part.file[Symbol.asyncIterator]();
        const first = await reader.next();
        const head: Buffer = first.done ? Buffer.alloc(0) : first.value;
        const zip = head[0] === 0x50 && head[1] === 0x4b;
        // One ZIP, or pictures each in a part of its own: a second ZIP or a mix is most often a mistake.
        if (photos === 'zip' || (photos === 'files' && zip))
          throw bad('照片要么打成一个 ZIP 压缩包，要么一张一张选择图片，不要两种混在一起或放几个压缩包');
        if (!zip && /\.zip$/i.test(part.filename))
          throw bad(
            `「${part.filename}」不是 ZIP 压缩包（可能已损坏）：照片请打成一个 ZIP，或者一张一张选择图片上传`,
          );
        photos = zip ? 'zip' : 'files';
        const taker = photoTaker(deps, userId, sheet, intake);
        if (zip) await readPhotoZip(taker, head, reader);
        else await readPhotoFile(taker, photoPath(part.filename || '照片'), head, reader, budget);
      } else for await (const _ of part.file); // not ours: read past it
    }
    if (!sheet) throw bad('请上传商品表（CSV 或 XLSX，字段名 sheet），可先下载模板');
    if (!photos) throw bad('请上传商品照片：一个 ZIP 压缩包，或几张以商品编码命名的图片（字段名 photos）');
  } catch (error) {
    await dropPhotos(
      deps,
      userId,
      intake.stored.map((p) => p.id),
    );
    throw formError(error);
  }
  const { catalogue, unused } = assemble(sheet, intake, photos);
  await dropPhotos(deps, userId, unused);
  return catalogue;
}
