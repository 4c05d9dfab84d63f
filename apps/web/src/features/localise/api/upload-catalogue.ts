import type { LocaliseCatalogue } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/**
 * `POST /api/v1/localise/catalogue`: the sheet (CSV or XLSX) and the ZIP of photos named by product
 * code; answers the products ready to estimate and every refused row with why. Nothing is charged.
 */
export function uploadCatalogue(
  sheet: File,
  photos: File,
  options: { onProgress: (share: number) => void; signal: AbortSignal },
) {
  const form = new FormData();
  form.append('sheet', sheet, sheet.name);
  form.append('photos', photos, photos.name);
  return uploadForm<LocaliseCatalogue>('/api/v1/localise/catalogue', form, { ...options, silent: true });
}
