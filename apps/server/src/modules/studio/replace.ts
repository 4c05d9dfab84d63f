import {
  type BackgroundChoice,
  PLACEMENT_LIMITS,
  type ReplacedImage,
  type ReplaceResult,
  ResultCode,
  UPLOAD_LIMITS,
} from '@chuhai/contract';
import type { Upload } from '../../http/multipart.ts';
import { colourBackground, findDesign, renderBackground } from '../../imaging/backgrounds/library.ts';
import type { Placement } from '../../imaging/compose.ts';
import { makeProductPictures } from '../../imaging/product-recipe.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';
import { runMetered, startMetered } from '../../work/metered.ts';
import { sellerError } from '../../work/seller-error.ts';
import { DRAW_NOT_CONFIGURED, generationSpec } from '../drawing/service.ts';
import { loadCutout, type StudioDeps, storeCutout, storeImage, studioSpec } from './service.ts';
import { startReplaceWork } from './works.ts';

/** What the new background is: one of the library's designs, a plain colour, or a scene from a prompt. */
export type { BackgroundChoice };

export interface ReplaceInput {
  uploads: Upload[];
  /** Earlier cut-outs instead of (or as well as) uploads: the form variant of the call. */
  cutoutIds: number[];
  background: BackgroundChoice;
  placement: Placement;
}

/** The pieces of a request, read from form fields, with a Chinese message for each bad one. */
export function readReplaceFields(fields: Record<string, string>): Omit<ReplaceInput, 'uploads'> {
  const number = (name: 'scale' | 'x' | 'y') => {
    const raw = fields[name];
    const limits = PLACEMENT_LIMITS[name];
    if (raw === undefined || raw === '') return limits.default;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < limits.min || value > limits.max)
      throw new AppError(ResultCode.badRequest, `${name} 应为 ${limits.min} 到 ${limits.max} 之间的数`);
    return value;
  };
  const cutoutIds = (fields.cutoutIds ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => {
      if (!/^\d{1,15}$/.test(id))
        throw new AppError(ResultCode.badRequest, 'cutoutIds 应为以逗号分隔的数字编号');
      return Number(id);
    });
  const chosen = ['backgroundId', 'color', 'prompt'].filter((name) => (fields[name] ?? '').trim() !== '');
  if (chosen.length !== 1)
    throw new AppError(
      ResultCode.badRequest,
      '请选择一个背景：背景库里的一张（backgroundId）、纯色（color）或场景描述（prompt）',
    );
  let background: BackgroundChoice;
  if (chosen[0] === 'backgroundId') {
    const id = (fields.backgroundId ?? '').trim();
    if (!findDesign(id)) throw new AppError(ResultCode.badRequest, '背景不存在，请重新选择');
    background = { kind: 'library', id };
  } else if (chosen[0] === 'color') {
    const color = (fields.color ?? '').trim();
    if (!/^#[0-9a-f]{6}$/i.test(color))
      throw new AppError(ResultCode.badRequest, '颜色应为 #RRGGBB 格式，例如 #F5F5F5');
    background = { kind: 'color', color };
  } else {
    const prompt = (fields.prompt ?? '').trim();
    if (prompt.length > PLACEMENT_LIMITS.promptMaxLength)
      throw new AppError(ResultCode.badRequest, `场景描述最多 ${PLACEMENT_LIMITS.promptMaxLength} 字`);
    background = { kind: 'prompt', prompt };
  }
  const shadow = !['0', 'false', 'off'].includes((fields.shadow ?? '').trim().toLowerCase());
  return {
    cutoutIds,
    background,
    placement: { scale: number('scale'), x: number('x'), y: number('y'), shadow },
  };
}

const SCENE_SUFFIX = '，商品摄影背景，空场景，画面中央留出摆放商品的位置，不要出现任何商品或文字';

/** The background as an image. An AI scene is a drawing: it takes one 绘画 use, given back if it fails. */
async function backgroundImage(deps: StudioDeps, userId: number, choice: BackgroundChoice): Promise<Buffer> {
  if (choice.kind === 'library') {
    const design = findDesign(choice.id);
    if (!design) throw new AppError(ResultCode.badRequest, '背景不存在，请重新选择');
    return renderBackground(design, PLACEMENT_LIMITS.outputSize);
  }
  if (choice.kind === 'color') return colourBackground(choice.color, PLACEMENT_LIMITS.outputSize);
  const generator = deps.imageGenerator;
  if (!(await generator.available())) throw new AppError(ResultCode.providerUnavailable, DRAW_NOT_CONFIGURED);
  return runMetered(deps, { userId }, generationSpec(deps), () =>
    generator.generate({
      prompt: choice.prompt + SCENE_SUFFIX,
      size: '1024x1024',
      signal: AbortSignal.timeout(deps.drawTimeoutMs),
      meter: { purpose: 'replace', userId },
    }),
  );
}

interface Source {
  name: string;
  /** The earlier cut-out it is, if it is one. */
  cutoutId?: number;
  /** A checked upload, or an earlier cut-out with its mask. */
  load: () => Promise<{ image: Buffer; matte?: AlphaMask }>;
}

/**
 * The product on the new background by the one recipe (product-recipe.ts): an earlier cut-out as
 * it is (brushed in 修补 or not), or the upload cut down to the product alone, as 抠图 cuts it, and
 * its cut-out kept, so the seller's next try starts from it and 修补 can correct it. Text and other
 * parts beside the product never reach the new background, nor the box the product is sized by.
 */
async function placeProduct(
  deps: StudioDeps,
  userId: number,
  source: Source,
  background: { image: Buffer; placement: Placement },
) {
  const { image, matte } = await source.load();
  const pictures = await makeProductPictures(deps, matte ? { cut: { image, matte } } : { photo: image }, {
    cutout: !matte,
    background,
  });
  const cutout = matte ? undefined : await storeCutout(deps, userId, pictures);
  return { placed: pictures.placed as { bytes: Buffer; width: number; height: number }, cutout };
}

/**
 * `POST /api/mokker/replace`: every product (1 to 10 uploads or earlier cut-outs) is cut out (an
 * earlier cut-out, brushed in 修补 or not, is used as it is) and put on the chosen background with
 * its placement and shadow. Each output is one replace use; a product that fails gets its use back
 * and an error in the list, the others are still delivered.
 */
export async function replaceBackground(
  deps: StudioDeps,
  userId: number,
  input: ReplaceInput,
): Promise<ReplaceResult> {
  const count = input.uploads.length + input.cutoutIds.length;
  if (count === 0) throw new AppError(ResultCode.badRequest, '请上传至少一张产品图（字段名 upload[]）');
  if (count > UPLOAD_LIMITS.maxFiles)
    throw new AppError(
      ResultCode.payloadTooLarge,
      `一次最多处理 ${UPLOAD_LIMITS.maxFiles} 张图片，请分批处理`,
    );
  if (input.background.kind === 'prompt') {
    if (!input.background.prompt) throw new AppError(ResultCode.badRequest, '请填写场景描述');
    if (findBlockedWord(input.background.prompt))
      throw new AppError(ResultCode.contentRejected, '场景描述中含有违规内容，请修改后重试');
  }
  // Every upload is checked before anything is spent, so one bad file fails the request cleanly.
  const sources: Source[] = [];
  for (const [index, upload] of input.uploads.entries()) {
    const checked = await checkImageUpload(upload.bytes, `第 ${index + 1} 张「${upload.name}」`);
    sources.push({ name: upload.name, load: async () => ({ image: checked.bytes }) });
  }
  // Earlier cut-outs must be the caller's: one that is not is a 404 before anything is spent.
  for (const id of input.cutoutIds) {
    const cutout = await loadCutout(deps, userId, id);
    sources.push({ name: `抠图 ${id}`, cutoutId: id, load: async () => cutout });
  }

  // The first product's use is taken before any paid work, so a caller with no uses left never
  // gets a scene generated; if the background cannot be made, that use goes back.
  const firstCall = await startMetered(deps, { userId }, studioSpec('replace'));
  let background: Buffer;
  try {
    background = await backgroundImage(deps, userId, input.background);
  } catch (error) {
    throw await firstCall.fail(error);
  }
  const firstUse = firstCall.ticket;
  const results: ReplacedImage[] = new Array(sources.length);
  const failures: AppError[] = [];
  let next = 0;
  // As many products at a time as there are matting workers; the rest of the pool serves others.
  const lanes = Math.max(1, Math.min(sources.length, deps.mattingLanes));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < sources.length) {
        const index = next++;
        const source = sources[index] as Source;
        try {
          const made = await runMetered(
            deps,
            { userId },
            studioSpec('replace', index === 0 ? firstUse : undefined),
            async () => {
              const product = await placeProduct(deps, userId, source, {
                image: background,
                placement: input.placement,
              });
              const image = await storeImage(deps, userId, 'replace', { ...product.placed, format: 'jpeg' });
              // 继续编辑 and a reload open this result again: its cut-out, background and placement.
              const workId = await startReplaceWork(deps, userId, {
                name: source.name,
                cutoutId: (product.cutout?.id ?? source.cutoutId) as number,
                resultId: image.id,
                background: input.background,
                placement: input.placement,
              });
              return { image, cutout: product.cutout, workId };
            },
          );
          results[index] = { name: source.name, ...made };
        } catch (error) {
          const failure = sellerError(error, 'matting', deps.log);
          failures.push(failure);
          results[index] = { name: source.name, error: failure.message };
        }
      }
    }),
  );
  // Nothing made: answer with the reason itself (the quota dialog, a 429 with its wait, a 404).
  const first = failures[0];
  if (first && failures.length === sources.length) throw first;
  return { results };
}
