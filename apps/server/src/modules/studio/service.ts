import {
  type CutoutResult,
  type CutoutStage,
  isMarketplacePreset,
  MARKETPLACE_PRESETS,
  type MainImageReport,
  PRESET_NAMES,
  ResultCode,
  type StoredImage,
  type StudioImageKind,
} from '@chuhai/contract';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.ts';
import type { Upload } from '../../http/multipart.ts';
import { type MainImage, makeProductPictures, type ProductPictures } from '../../imaging/product-recipe.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';
import { type MeteredSpec, runMetered } from '../../work/metered.ts';
import type { UseTicket } from '../entitlement/service.ts';
import { type ImagesDeps, loadOwnImage, storeImage as storeKept, toStoredImage } from '../images/service.ts';
import { STUDIO_KEEP_MS } from './recent.ts';
import { isBrushed, keepCutoutChange, startCutoutWork } from './works.ts';

export type StudioDeps = ImagesDeps &
  Pick<
    AppDeps,
    'matting' | 'imageGenerator' | 'drawTimeoutMs' | 'mattingLanes' | 'freeWork' | 'ocr' | 'pixels'
  >;

/** A 智能做图 call: one use of `feature`, failures in the matting service's words. */
export function studioSpec(feature: 'cutout' | 'replace', ticket?: UseTicket): MeteredSpec {
  return { feature, service: 'matting', ticket };
}

/** Keeps a 智能做图 result for STUDIO_KEEP_DAYS (最近作品) and answers with its link. */
export async function storeImage(
  deps: StudioDeps,
  userId: number,
  kind: StudioImageKind,
  image: { bytes: Buffer; width: number; height: number; format: 'png' | 'jpeg' },
): Promise<StoredImage> {
  return toStoredImage(deps, await storeKept(deps, userId, { kind, keepMs: STUDIO_KEEP_MS, ...image }));
}

export function readPreset(raw: string | undefined) {
  if (raw === undefined || raw === '') return null;
  if (!isMarketplacePreset(raw)) {
    const names = PRESET_NAMES.map((name) => `${name}（${MARKETPLACE_PRESETS[name].label}）`).join('、');
    throw new AppError(ResultCode.badRequest, `preset 只能是 ${names}`);
  }
  return raw;
}

/** A stored cut-out of this user (its alpha channel is the mask), or 404. */
export async function loadCutout(deps: StudioDeps, userId: number, id: number) {
  const file = await loadOwnImage(deps, userId, id, 'cutout');
  if (!file) throw new AppError(ResultCode.notFound, '找不到这张抠图，请重新上传图片');
  const { data, info } = await sharp(file.bytes).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  });
  const matte: AlphaMask = { mask: data, width: info.width, height: info.height };
  return { image: file.bytes, matte };
}

/** Keeps a white main image made by the recipe (product-recipe.ts) and answers with its check. */
export async function storeMain(deps: StudioDeps, userId: number, main: MainImage) {
  const stored = await storeImage(deps, userId, 'main', { ...main, format: 'jpeg' });
  return { image: stored, preset: main.marketplace, check: main.check };
}

/** Stores the recipe's cut-out (the photo with the product's matte as alpha) as 抠图 and 换背景 keep it. */
export async function storeCutout(deps: StudioDeps, userId: number, pictures: ProductPictures) {
  return storeImage(deps, userId, 'cutout', {
    bytes: pictures.cutout as Buffer,
    width: pictures.product.matte.width,
    height: pictures.product.matte.height,
    format: 'png',
  });
}

/**
 * A stored cut-out's picture made opaque again (its colours are kept under the cleared alpha) with
 * every part the model finds in it joined to the cut-out's own alpha: what 「这些都是商品」 keeps.
 * Opaque, because the model and the OCR would see the dropped parts' transparency, not the parts.
 */
async function everyPartOf(deps: StudioDeps, stored: { image: Buffer; matte: AlphaMask }) {
  const image = await sharp(stored.image).removeAlpha().png().toBuffer();
  const found = await deps.matting.matte(image);
  const { width, height } = stored.matte;
  if (found.width !== width || found.height !== height) return { image, matte: stored.matte };
  const mask = Buffer.from(stored.matte.mask);
  for (let p = 0; p < mask.length; p += 1) mask[p] = Math.max(mask[p] as number, found.mask[p] as number);
  return { image, matte: { mask, width, height } };
}

export interface RemoveInput {
  upload?: Upload;
  /** Make the main image from an earlier cut-out instead of a new upload (the one-click fix). */
  cutoutId?: number;
  /** Also make a white main image in this marketplace size. */
  preset?: string;
  /** 「这些都是商品」: keep every part of the cut-out (a set of pots), not only the largest. */
  allParts?: boolean;
}

/**
 * `POST /api/v1/remove/remove`: an upload becomes a transparent cut-out of the product alone, the
 * photo is checked as a main image, and with a preset a white main image is made too; or, from an
 * earlier cut-out, only the main image (with 「这些都是商品」, a new cut-out with every part too).
 * One cutout use either way, given back if anything fails.
 */
export async function removeBackground(
  deps: StudioDeps,
  userId: number,
  input: RemoveInput,
  onStage: (stage: CutoutStage) => void = () => {},
): Promise<CutoutResult> {
  const preset = readPreset(input.preset);
  if (input.cutoutId !== undefined) {
    const cutoutId = input.cutoutId;
    return runMetered(deps, { userId }, studioSpec('cutout'), async () => {
      const stored = await loadCutout(deps, userId, cutoutId);
      const allParts = input.allParts ?? false;
      // 「这些都是商品」 on a cut-out the model made: its alpha holds the product only, so the parts
      // dropped are found again in its picture and kept in a new cut-out. A brushed one is the seller's.
      const regain = allParts && !(await isBrushed(deps, userId, cutoutId));
      const picture = regain ? await everyPartOf(deps, stored) : stored;
      const pictures = await makeProductPictures(
        deps,
        { photo: picture.image, matte: picture.matte, allParts },
        { cutout: regain, mainImages: [preset ?? 'amazon'], onStage },
      );
      const cutout = regain ? await storeCutout(deps, userId, pictures) : undefined;
      const main = await storeMain(deps, userId, pictures.mainImages[0] as MainImage);
      // The 抠图 work on this cut-out now opens with this main image (and the new cut-out).
      const workId = await keepCutoutChange(deps, userId, cutoutId, {
        cutoutId: cutout?.id ?? cutoutId,
        main: { ...main, allParts },
      });
      return { ...(workId === undefined ? {} : { workId }), ...(cutout ? { cutout } : {}), main };
    });
  }
  if (!input.upload) throw new AppError(ResultCode.badRequest, '请上传一张图片（字段名 upload[] 或 file）');
  const checked = await checkImageUpload(input.upload.bytes, `「${input.upload.name}」`);
  return runMetered(deps, { userId }, studioSpec('cutout'), async () => {
    onStage('matting');
    const matte = await deps.matting.matte(checked.bytes);
    const allParts = input.allParts ?? false;
    // The photo as uploaded is checked with everything the model found in it.
    const pictures = await makeProductPictures(
      deps,
      { photo: checked.bytes, matte, allParts },
      { cutout: true, photoChecks: [preset ?? 'amazon'], mainImages: preset ? [preset] : [], onStage },
    );
    const check = pictures.photoChecks[0] as MainImageReport;
    const result: CutoutResult = { cutout: await storeCutout(deps, userId, pictures), check };
    const [main] = pictures.mainImages;
    if (main) result.main = await storeMain(deps, userId, main);
    // 继续编辑 and a reload open this photo's work again: cut-out, 主图尺寸, checks.
    const cutoutId = (result.cutout as StoredImage).id;
    const made = {
      name: input.upload?.name ?? '',
      preset: preset ?? 'amazon',
      makeMain: Boolean(preset),
      cutoutId,
      check,
    };
    result.workId = await startCutoutWork(deps, userId, made, result.main);
    return result;
  });
}
