import { DRAW_LIMITS, IMAGE_SIZES, type ImageSize } from './schemas/image.ts';

/** The drawing prompt's problem in Chinese, or null. Shared by the /draw form and the server. */
export function drawPromptProblem(prompt: string): string | null {
  if (prompt.trim() === '') return '请描述想要生成的画面';
  if (prompt.length > DRAW_LIMITS.promptMaxLength)
    return `描述最多 ${DRAW_LIMITS.promptMaxLength} 个字，当前 ${prompt.length} 个字`;
  return null;
}

export function isImageSize(value: string): value is ImageSize {
  return (IMAGE_SIZES as readonly string[]).includes(value);
}

/** Why `count` (images per prompt) cannot be drawn, in Chinese, or null. */
export function drawCountProblem(count: number): string | null {
  if (Number.isInteger(count) && count >= DRAW_LIMITS.minCount && count <= DRAW_LIMITS.maxCount) return null;
  return `每次可生成 ${DRAW_LIMITS.minCount} 到 ${DRAW_LIMITS.maxCount} 张图片，请重新选择数量`;
}
