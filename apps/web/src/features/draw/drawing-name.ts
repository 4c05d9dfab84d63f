import { downloadName, extensionOf } from '../../lib/download-name';

/**
 * What a drawing downloads as: 「AI绘画-<the description's start>.png」 (and 「-2」 for the second of a
 * group), since a drawing has no upload to be named after.
 */
export function drawingName(prompt: string, url: string, nth: number | null = null): string {
  // Cut at 24 characters, then without the comma or stop it may now end on.
  const start = Array.from(prompt.trim())
    .slice(0, 24)
    .join('')
    .replace(/[\s，。、；！？,.;!?]+$/u, '');
  return downloadName('AI绘画', [start, nth], extensionOf(url));
}
