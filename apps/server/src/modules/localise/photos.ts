import { DAY_IN_MS, LOCALISE_LIMITS, type LocalisePhoto } from '@chuhai/contract';
import { checkImageUpload } from '../../lib/image-upload.ts';
import { storeImage, toStoredImage } from '../images/service.ts';
import type { LocaliseDeps } from './deps.ts';

/**
 * A photo for a job, one at a time or out of a catalogue's ZIP: checked as every upload is (`what`
 * names it in a refusal: 「商品照片」, 「照片「SKU-01.jpg」」), stored as `localise-photo`, kept 7 days;
 * with the owner's signed link to it.
 */
export async function keepPhoto(
  deps: LocaliseDeps,
  userId: number,
  bytes: Buffer,
  what: string,
): Promise<LocalisePhoto & { url: string }> {
  const image = await checkImageUpload(bytes, what);
  const row = await storeImage(deps, userId, {
    kind: 'localise-photo',
    bytes: image.bytes,
    format: image.format,
    width: image.width,
    height: image.height,
    keepMs: LOCALISE_LIMITS.keepDays * DAY_IN_MS,
  });
  // The link is for a catalogue's list of products (its thumbnails); one photo's answer leaves it out.
  return toStoredImage(deps, row);
}
