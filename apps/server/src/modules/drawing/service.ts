import {
  CONCURRENCY_LIMITS,
  type CreatedImage,
  type CreateImageBody,
  DEFAULT_IMAGE_SIZE,
  DRAW_LIMITS,
  type DrawConfig,
  type DrawnImage,
  type DrawnImagePage,
  drawCountProblem,
  drawPromptProblem,
  FEATURE_OFF_TEXT,
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  type ImageSize,
  isImageSize,
  ResultCode,
} from '@chuhai/contract';
import type { ImageRouter } from '../../channels/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { imageInfo } from '../../lib/image-size.ts';
import type { PageParams } from '../../lib/paging.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { type MeteredSpec, runMeteredEach } from '../../work/metered.ts';
import {
  deleteImages,
  type ImagesDeps,
  listImages,
  type StoredImageRow,
  storeImage,
  toStoredImage,
} from '../images/service.ts';

export type DrawingDeps = ImagesDeps & Pick<AppDeps, 'imageGenerator' | 'drawTimeoutMs'>;

/** Sellers read the same short text as for any switched-off tool; the operator's hint goes to the log. */
export const DRAW_NOT_CONFIGURED = FEATURE_OFF_TEXT;
export const DRAW_SETUP_HINT =
  'AI 绘画未配置：在服务器上设置 IMAGE_PROVIDER（openai、dashscope 或 sdwebui）、IMAGE_API_KEY 等变量后重启，详见 README「AI 绘画」';

export async function drawConfig(deps: Pick<DrawingDeps, 'imageGenerator'>): Promise<DrawConfig> {
  const configured = await deps.imageGenerator.available();
  return {
    configured,
    provider: configured ? deps.imageGenerator.name : '',
    hint: configured ? '' : DRAW_NOT_CONFIGURED,
  };
}

function toView(deps: ImagesDeps, row: StoredImageRow): DrawnImage {
  return {
    ...toStoredImage(deps, row),
    prompt: row.prompt ?? '',
    imageSize: row.image_size ?? '',
    createdAt: Number(row.created_at),
  };
}

/** A picture generation as a metered call: one draw use per image, in one of the user's generation slots. */
export function generationSpec(deps: Pick<DrawingDeps, 'drawTimeoutMs'>): MeteredSpec {
  return {
    feature: 'draw',
    service: 'draw',
    slot: {
      kind: 'generation',
      limit: CONCURRENCY_LIMITS.generations,
      staleMs: deps.drawTimeoutMs + 60_000,
      message: `最多同时进行 ${CONCURRENCY_LIMITS.generations} 次生成，请等当前的完成后再试`,
      retryAfter: CONCURRENCY_LIMITS.retryAfterSeconds,
    },
  };
}

/**
 * `POST /api/v1/createImage/`: checks the prompt, size and count, takes one draw use per image (all
 * before the provider is asked, or none when fewer are left), draws the images at once and keeps them
 * (provider links expire). An image that fails gives its own use back; when none is drawn, the
 * first failure is the answer. Without `count` it draws one and answers as the spec's call always has.
 */
export async function createImage(
  deps: DrawingDeps,
  userId: number,
  body: CreateImageBody,
): Promise<CreatedImage> {
  const prompt = body.prompt.trim();
  const problem = drawPromptProblem(prompt);
  if (problem) throw new AppError(ResultCode.badRequest, problem);
  const size = body.imageSize ?? DEFAULT_IMAGE_SIZE;
  if (!isImageSize(size)) {
    throw new AppError(
      ResultCode.badRequest,
      `尺寸只能是 ${IMAGE_SIZES.map((s) => `${s}（${IMAGE_SIZE_NAMES[s]}）`).join('、')}`,
    );
  }
  const count = body.count ?? DRAW_LIMITS.defaultCount;
  const countProblem = drawCountProblem(count);
  if (countProblem) throw new AppError(ResultCode.badRequest, countProblem);
  if (findBlockedWord(prompt))
    throw new AppError(ResultCode.contentRejected, '描述中含有违规内容，请修改后重试');
  const generator = deps.imageGenerator;
  if (!(await generator.available())) throw new AppError(ResultCode.providerUnavailable, DRAW_NOT_CONFIGURED);
  const outcomes = await runMeteredEach(deps, { userId }, generationSpec(deps), count, () =>
    drawAndKeep(deps, generator, userId, prompt, size),
  );
  const images = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.ok ? [] : [{ index, message: outcome.error.message }],
  );
  const first = images[0];
  if (!first) {
    const [failed] = outcomes;
    throw failed && !failed.ok ? failed.error : new AppError(ResultCode.providerFailed);
  }
  return body.count === undefined ? first : { ...first, group: { requested: count, images, failures } };
}

async function drawAndKeep(
  deps: DrawingDeps,
  generator: ImageRouter,
  userId: number,
  prompt: string,
  size: ImageSize,
): Promise<DrawnImage> {
  const bytes = await generator.generate({
    prompt,
    size,
    signal: AbortSignal.timeout(deps.drawTimeoutMs),
    meter: { purpose: 'draw', userId },
  });
  const info = imageInfo(bytes);
  if (!info)
    throw new ProviderError('upstream', 'the provider returned something that is not a PNG, JPEG or WebP', {
      service: 'draw',
    });
  const row = await storeImage(deps, userId, {
    kind: 'draw',
    bytes,
    format: info.format,
    width: info.width,
    height: info.height,
    prompt,
    imageSize: size,
    provider: generator.name,
  });
  return toView(deps, row);
}

/** `GET /api/v1/getImageList`: the user's drawings, newest first, with fresh signed links. */
export function listDrawings(deps: ImagesDeps, userId: number, params: PageParams): Promise<DrawnImagePage> {
  return listImages(deps, userId, ['draw'], params, (row) => toView(deps, row));
}

/** `GET /api/v1/deleteImage?ids=`: removes the caller's drawings and their files. */
export function deleteDrawings(deps: ImagesDeps, userId: number, rawIds: string) {
  return deleteImages(deps, userId, ['draw'], rawIds);
}
