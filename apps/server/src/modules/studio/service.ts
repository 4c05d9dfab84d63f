import {
  type CutoutResult,
  type CutoutStage,
  isMarketplacePreset,
  MARKETPLACE_PRESETS,
  type MarketplacePreset,
  PRESET_NAMES,
  ResultCode,
  type StoredImage,
  type StudioImageKind,
} from '@chuhai/contract';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Upload } from '../../http/multipart.ts';
import { cutoutPng, maskedPixels, NoProductError, whiteMainImage } from '../../imaging/compose.ts';
import { checkMainImage } from '../../imaging/main-image-check.ts';
import { onlyTheProduct } from '../../imaging/main-image-fix.ts';
import { productBox } from '../../imaging/product-box.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';
import { type MeteredSpec, runMetered } from '../../work/metered.ts';
import type { UseTicket } from '../entitlement/service.ts';
import { type ImagesDeps, loadOwnImage, storeImage as storeKept, toStoredImage } from '../images/service.ts';
import { STUDIO_KEEP_MS } from './recent.ts';
import { keepCutoutChange, startCutoutWork } from './works.ts';

export type StudioDeps = ImagesDeps &
  Pick<AppDeps, 'matting' | 'imageGenerator' | 'drawTimeoutMs' | 'mattingLanes' | 'freeWork' | 'ocr'>;

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

/**
 * A white main image in the preset's size, stored and checked (the check knows it was made). Made
 * from the product alone: parts of the cut-out apart from it are dropped unless the seller said
 * they are all the product (`allParts`), and text added over the product is erased first
 * (main-image-fix.ts); the result is read by the OCR for text still added.
 */
export async function makeMain(
  deps: StudioDeps,
  userId: number,
  image: Buffer,
  matte: AlphaMask,
  preset: string,
  onStage: (stage: CutoutStage) => void = () => {},
  options: { allParts?: boolean } = {},
) {
  const size = MARKETPLACE_PRESETS[preset as keyof typeof MARKETPLACE_PRESETS].size;
  onStage('main');
  const productOnly = await onlyTheProduct(deps.ocr, image, matte, {
    allParts: options.allParts ?? false,
    rematte: (erased) => deps.matting.matte(erased),
  });
  const made = await whiteMainImage(productOnly.image, productOnly.matte, size);
  onStage('check');
  const lines = await deps.ocr.readLines(made.bytes);
  const check = checkMainImage(made.pixels, preset as MarketplacePreset, made, {
    lines,
    allParts: options.allParts ?? false,
    dropped: productOnly.dropped,
  });
  const stored = await storeImage(deps, userId, 'main', { ...made, format: 'jpeg' });
  return { image: stored, preset, check };
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
 * `POST /api/v1/remove/remove`: an upload becomes a transparent cut-out, the photo is checked as a
 * main image, and with a preset a white main image is made too; or, from an earlier cut-out, only
 * the main image. One cutout use either way, given back if anything fails.
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
      const { image, matte } = await loadCutout(deps, userId, cutoutId);
      const allParts = input.allParts ?? false;
      const main = await makeMain(deps, userId, image, matte, preset ?? 'amazon', onStage, { allParts });
      // The 抠图 work on this cut-out now opens with this main image.
      const workId = await keepCutoutChange(deps, userId, cutoutId, {
        cutoutId,
        main: { ...main, allParts },
      });
      return { ...(workId === undefined ? {} : { workId }), main };
    });
  }
  if (!input.upload) throw new AppError(ResultCode.badRequest, '请上传一张图片（字段名 upload[] 或 file）');
  const checked = await checkImageUpload(input.upload.bytes, `「${input.upload.name}」`);
  return runMetered(deps, { userId }, studioSpec('cutout'), async () => {
    onStage('matting');
    const matte = await deps.matting.matte(checked.bytes);
    if (!productBox(matte.mask, matte.width, matte.height)) throw new NoProductError();
    const png = await cutoutPng(checked.bytes, matte);
    const check = checkMainImage(await maskedPixels(checked.bytes, matte), preset ?? 'amazon');
    const result: CutoutResult = {
      cutout: await storeImage(deps, userId, 'cutout', {
        bytes: png,
        width: matte.width,
        height: matte.height,
        format: 'png',
      }),
      check,
    };
    if (preset)
      result.main = await makeMain(deps, userId, checked.bytes, matte, preset, onStage, {
        allParts: input.allParts,
      });
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
