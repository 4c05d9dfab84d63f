import { downloadName, extensionOf } from '../../lib/download-name';

/**
 * What a drawing downloads as: 「AI绘画-<the description's start>.png」 (and 「-2」 for the second of a
 * group), since a drawing has no upload to be named after.
 */
export function drawingName(prompt: string, url: string, nth: number | null = null): string {
  return downloadName('AI绘画', [Array.from(prompt.trim()).slice(0, 24).join(''), nth], extensionOf(url));
}
