import sharp from 'sharp';

/** The long side 图片翻译 works at (translate-picture.ts's WORK_SIDE). */
const WORK_SIDE = 2000;

/**
 * The upload as 图片翻译 works on it, a PNG: turned upright, brought to at most WORK_SIDE and
 * flattened on white, the steps of translate-picture.ts's `workingImage`, so the blocks'
 * coordinates refer to it. Kept for 下载 PSD's original layer; derived here rather than returned
 * by the pipeline so the pipeline stays as it is. The caller checks the size matches the result's.
 */
export async function workingCopy(bytes: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
