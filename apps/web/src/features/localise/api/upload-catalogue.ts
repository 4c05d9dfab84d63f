import type { LocaliseCatalogue } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/**
 * `POST /api/v1/localise/catalogue`: the sheet (CSV or XLSX) and the photos named by product code, as
 * one ZIP or as pictures each in a `photos` part of its own (the sheet first); answers the products ready to estimate and every refused row with why. Nothing is charged.
 */
export function uploadCatalogue(
  sheet: File,
  photos: readonly File[],
  options: { onProgress: (share: number) => void; signal: AbortSignal },
) {
  const form = new FormData();
  form.append('sheet', sheet, sheet.name);
  for (const photo of photos) form.append('photos', photo, photo.name);
  return uploadForm<LocaliseCatalogue>('/api/v1/localise/catalogue', form, { ...options, silent: true });
}
