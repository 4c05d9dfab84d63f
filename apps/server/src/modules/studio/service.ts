import {
  type CutoutResult,
  type CutoutStage,
  isMarketplacePreset,
  MARKETPLACE_PRESETS,
  type MainImageReport,
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
import { cutoutPng } from '../../imaging/compose.ts';
import { cutOutProduct, type ProductCutout } from '../../imaging/product-cutout.ts';
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

/**
 * A white main image in the preset's size from the product alone (product-cutout.ts), stored and
 * checked (the check knows it was made and what was dropped); the result is read by the OCR for
 * text still added.
 */
export async function makeMain(
  deps: StudioDeps,
  userId: number,
  product: ProductCutout,
  preset: string,
  onStage: (stage: CutoutStage) => void = () => {},
  options: { allParts?: boolean } = {},
) {
  const size = MARKETPLACE_PRESETS[preset as keyof typeof MARKETPLACE_PRESETS].size;
  onStage('main');
  const made = await deps.pixels.whiteMainImage(product.image, product.matte, size);
  onStage('check');
  const lines = await deps.ocr.readLines(made.bytes);
  const check = await deps.pixels.checkMainImage(made.pixels, preset as MarketplacePreset, made, {
    lines,
    allParts: options.allParts ?? false,
    dropped: product.dropped,
  });
  const stored = await storeImage(deps, userId, 'main', { ...made, format: 'jpeg' });
  return { image: stored, preset, check };
}

/** Stores a cut-out (the photo with the product's matte as alpha) as 抠图 and 换背景 keep it. */
export async function storeCutout(
  deps: StudioDeps,
  userId: number,
  product: { image: Buffer; matte: AlphaMask },
) {
  return storeImage(deps, userId, 'cutout', {
    bytes: await cutoutPng(product.image, product.matte),
    width: product.matte.width,
    height: product.matte.height,
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
      const product = await cutOutProduct(deps, picture.image, { allParts, matte: picture.matte });
      const cutout = regain ? await storeCutout(deps, userId, product) : undefined;
      const main = await makeMain(deps, userId, product, preset ?? 'amazon', onStage, { allParts });
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
    const product = await cutOutProduct(deps, checked.bytes, { allParts, matte });
    // The photo as uploaded is checked with everything the model found in it.
    const [check] = await deps.pixels.checkPhoto(checked.bytes, matte, [preset ?? 'amazon']);
    const result: CutoutResult = {
      cutout: await storeCutout(deps, userId, product),
      check: check as MainImageReport,
    };
    if (preset) result.main = await makeMain(deps, userId, product, preset, onStage, { allParts });
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
