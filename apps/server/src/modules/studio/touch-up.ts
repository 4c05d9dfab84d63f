import { type CutoutResult, ResultCode } from '@chuhai/contract';
import sharp from 'sharp';
import type { Upload } from '../../http/multipart.ts';
import { cutoutPng, NoProductError } from '../../imaging/compose.ts';
import { productBox } from '../../imaging/product-box.ts';
import { type MainImage, makeProductPictures } from '../../imaging/product-recipe.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import { runFreeWork } from '../../work/free-work.ts';
import { sellerError } from '../../work/seller-error.ts';
import { reserveAttempt, type ThrottleWindow, tooManyRequests, waitText } from '../throttle/service.ts';
import { loadCutout, readPreset, type StudioDeps, storeImage, storeMain } from './service.ts';
import { keepCutoutChange } from './works.ts';

/**
 * Edits are free, but each one composes a main image (about a second of CPU): enough for a seller
 * retouching a catalogue by hand, not for a script.
 */
export const MASK_EDITS: ThrottleWindow = { bucket: 'mask-edit', limit: 120, windowMs: 3_600_000 };

export interface TouchUpInput {
  cutoutId: number;
  /** The edited mask: a greyscale image at the cut-out's size, white = product. */
  mask?: Upload;
  preset?: string;
  /** Also make the main image from the new cut-out (抠图's 修补); 换背景's needs only the cut-out. */
  main?: boolean;
}

/** The mask's grey levels, one byte per pixel, checked to be the cut-out's size. */
async function readMask(upload: Upload, width: number, height: number): Promise<Buffer> {
  const checked = await checkImageUpload(upload.bytes, '修补后的蒙版');
  if (checked.width !== width || checked.height !== height) {
    throw new AppError(
      ResultCode.badRequest,
      `修补后的蒙版是 ${checked.width}×${checked.height}，抠图是 ${width}×${height}，请刷新页面后重新修补`,
    );
  }
  return sharp(checked.bytes).removeAlpha().extractChannel(0).raw().toBuffer();
}

/**
 * `POST /api/v1/remove/mask`: the seller's touch-up of a cut-out (erase a leftover, restore a lost
 * part) becomes a new cut-out, and the main image is made again from it (unless `main` is false). No use is taken: the
 * seller is correcting our model. The earlier cut-out stays, so the seller can go back to it.
 */
export async function saveTouchUp(
  deps: StudioDeps,
  userId: number,
  input: TouchUpInput,
): Promise<CutoutResult> {
  const preset = readPreset(input.preset) ?? 'amazon';
  if (!input.mask) throw new AppError(ResultCode.badRequest, '请上传修补后的蒙版（字段名 file）');
  const { image, matte } = await loadCutout(deps, userId, input.cutoutId);
  const upload = input.mask;
  // Decoding the mask is work too: it happens in the seller's slot and a lane, like the rest.
  return runFreeWork(deps, { userId, kind: 'mask-edit', what: '修补' }, async () => {
    const mask = await readMask(upload, matte.width, matte.height);
    const edited = { mask, width: matte.width, height: matte.height };
    if (!productBox(edited.mask, edited.width, edited.height)) {
      throw new AppError(ResultCode.badRequest, '修补后没有剩下产品，请用「恢复」画笔把产品涂回来');
    }
    const reserved = await reserveAttempt(deps.db, MASK_EDITS, String(userId), deps.clock.now());
    if (reserved.wait > 0)
      throw tooManyRequests(`修补太频繁了，请 ${waitText(reserved.wait)}后再试`, reserved.wait);
    try {
      const png = await cutoutPng(image, edited);
      const cutout = await storeImage(deps, userId, 'cutout', {
        bytes: png,
        width: edited.width,
        height: edited.height,
        format: 'png',
      });
      const from = input.cutoutId;
      if (input.main === false) {
        // 换背景's works on the cut-out open with the brushed one (its 抠图 work keeps its main image).
        await keepCutoutChange(deps, userId, from, { cutoutId: cutout.id, touchedUp: true });
        return { cutout };
      }
      // The seller's own mask is final: a part brought back with the brush stays.
      const pictures = await makeProductPictures(
        deps,
        { photo: png, matte: edited, allParts: true },
        { mainImages: [preset] },
      );
      const main = await storeMain(deps, userId, pictures.mainImages[0] as MainImage);
      const workId = await keepCutoutChange(deps, userId, from, {
        cutoutId: cutout.id,
        touchedUp: true,
        main: { ...main, allParts: false },
      });
      return { ...(workId === undefined ? {} : { workId }), cutout, main };
    } catch (error) {
      if (error instanceof NoProductError) {
        throw new AppError(ResultCode.badRequest, '修补后剩下的只是零散的小块，请用「恢复」画笔把产品涂回来');
      }
      throw sellerError(error, 'matting', deps.log);
    }
  });
}
