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
