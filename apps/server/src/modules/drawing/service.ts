import { randomUUID } from 'node:crypto';
import {
  type CreateImageBody,
  DEFAULT_IMAGE_SIZE,
  type DrawConfig,
  type DrawnImage,
  type DrawnImagePage,
  drawPromptProblem,
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  isImageSize,
  ResultCode,
} from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { signedFileUrl } from '../../lib/file-links.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { CONTENT_TYPES, EXTENSIONS, imageInfo } from '../../lib/image-size.ts';
import { ImageGenerationError, type ImageGenerator } from '../../providers/image/image-generator.ts';
import type { FileStore } from '../../providers/storage/file-store.ts';
import { findBlockedWord } from '../chat/content-safety.ts';
import { refundUse, takeUse } from '../entitlement/service.ts';
import * as images from './repository.ts';

export interface DrawingDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  generator: ImageGenerator | null;
  files: FileStore;
  fileUrlSecret: string;
  /** A drawing that takes longer than this is given up (and refunded). */
  timeoutMs: number;
}

export const DRAW_NOT_CONFIGURED =
  'AI 绘画尚未配置：请管理员在服务器上设置 IMAGE_PROVIDER（openai、dashscope 或 sdwebui）、IMAGE_API_KEY 等变量后重启，详见 README「AI 绘画」。';

export function drawConfig(deps: Pick<DrawingDeps, 'generator'>): DrawConfig {
  return {
    configured: deps.generator !== null,
    provider: deps.generator?.name ?? '',
    hint: deps.generator ? '' : DRAW_NOT_CONFIGURED,
  };
}

function toView(deps: Pick<DrawingDeps, 'fileUrlSecret' | 'clock'>, row: images.ImageRow): DrawnImage {
  return {
    id: Number(row.id),
    prompt: row.prompt,
    imageSize: row.image_size,
    url: signedFileUrl(row.file_key, deps.fileUrlSecret, deps.clock.now()),
    width: Number(row.width),
    height: Number(row.height),
    createdAt: Number(row.created_at),
  };
}

export function imageProviderFailure(error: unknown, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  log.warn({ err: error }, 'image generation failed');
  const kind = error instanceof ImageGenerationError ? error.kind : 'upstream';
  switch (kind) {
    case 'auth':
      return new AppError(
        ResultCode.providerUnavailable,
        'AI 绘画服务鉴权失败（密钥无效或无权限），请联系管理员检查 IMAGE_API_KEY',
      );
    case 'rate-limited':
      return new AppError(ResultCode.tooManyRequests, 'AI 绘画服务繁忙，请稍后再试', { retryAfter: 10 });
    case 'rejected-content':
      return new AppError(
        ResultCode.contentRejected,
        '描述或生成的画面未通过服务商的内容审核，请修改描述后重试',
      );
    case 'bad-request':
      return new AppError(
        ResultCode.providerFailed,
        'AI 绘画服务拒绝了这次请求（模型或参数有误），请联系管理员',
      );
    case 'unreachable':
      return new AppError(ResultCode.providerFailed, '无法连接 AI 绘画服务，请稍后再试');
    default:
      return new AppError(ResultCode.providerFailed, 'AI 绘画服务出错了，请稍后再试');
  }
}

/**
 * `POST /api/v1/createImage/`: checks the prompt and size, takes one draw use, asks the provider, and
 * keeps the image (provider links expire). Any failure after the use was taken gives it back.
 */
export async function createImage(
  deps: DrawingDeps,
  userId: number,
  body: CreateImageBody,
): Promise<DrawnImage> {
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
  if (findBlockedWord(prompt))
    throw new AppError(ResultCode.contentRejected, '描述中含有违规内容，请修改后重试');
  if (!deps.generator) throw new AppError(ResultCode.providerUnavailable, DRAW_NOT_CONFIGURED);

  const ticket = await takeUse(deps, userId, 'draw');
  try {
    const bytes = await deps.generator.generate({
      prompt,
      size,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const info = imageInfo(bytes);
    if (!info)
      throw new ImageGenerationError(
        'upstream',
        'the provider returned something that is not a PNG, JPEG or WebP',
      );
    const fileKey = `u/${userId}/draw/${randomUUID()}.${EXTENSIONS[info.format]}`;
    await deps.files.put(fileKey, bytes, CONTENT_TYPES[info.format]);
    const now = deps.clock.now();
    const id = await images.insertImage(deps.db, {
      userId,
      prompt,
      imageSize: size,
      fileKey,
      width: info.width,
      height: info.height,
      provider: deps.generator.name,
      now,
    });
    return toView(deps, {
      id,
      user_id: userId,
      prompt,
      image_size: size,
      file_key: fileKey,
      width: info.width,
      height: info.height,
      provider: deps.generator.name,
      created_at: now,
    });
  } catch (error) {
    await refundUse(deps, ticket);
    if ((error as Error)?.name === 'TimeoutError') {
      throw new AppError(ResultCode.providerTimeout, 'AI 绘画超时没有完成，本次不计次数，请稍后再试');
    }
    throw imageProviderFailure(error, deps.log);
  }
}

/** `GET /api/v1/getImageList`: the user's drawings, newest first, with fresh signed links. */
export async function listImages(
  deps: DrawingDeps,
  userId: number,
  page: { pageNo: number; pageSize: number },
): Promise<DrawnImagePage> {
  const [rows, total] = await Promise.all([
    images.imagesPage(deps.db, userId, (page.pageNo - 1) * page.pageSize, page.pageSize),
    images.countImages(deps.db, userId),
  ]);
  return { list: rows.map((row) => toView(deps, row)), total, ...page };
}

/** `GET /api/v1/deleteImage?ids=`: removes the caller's drawings and their files. */
export async function deleteImages(deps: DrawingDeps, userId: number, rawIds: string) {
  const rows = await images.ownImages(deps.db, userId, parseIdList(rawIds));
  const deleted = await images.deleteImages(
    deps.db,
    userId,
    rows.map((r) => Number(r.id)),
  );
  for (const row of rows)
    await deps.files.delete(row.file_key).catch((err) => deps.log.warn({ err }, 'file delete failed'));
  return { deleted };
}
