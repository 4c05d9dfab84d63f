import type { TranslatePsdBody } from '@chuhai/contract';
import { ApiError, buildHeaders, envelopeOf, handleEnvelope } from '../../../lib/api-client';

const PSD_URL = '/api/v1/translate/psd';

/**
 * `POST /api/v1/translate/psd`: the editor's blocks as a layered PSD. The answer is the file itself;
 * a refusal is our usual envelope, thrown as an ApiError with its Chinese message (no toast: the
 * editor shows it).
 */
export async function fetchTranslationPsd(body: TranslatePsdBody): Promise<{ file: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(PSD_URL, {
      method: 'POST',
      headers: buildHeaders(PSD_URL, { json: true, accept: 'image/vnd.adobe.photoshop, application/json' }),
      body: JSON.stringify(body),
    });
  } catch {
    const msg = '网络连接失败，请检查网络后重试';
    throw new ApiError(0, msg, null, msg);
  }
  if (!response.ok || response.headers.get('content-type')?.includes('json')) {
    const envelope = envelopeOf(await response.text().catch(() => ''), response.status);
    handleEnvelope(envelope, { url: PSD_URL, silent: true });
    throw new ApiError(500, '服务器返回了无法识别的内容', null, null);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { file: await response.blob(), fileName: named?.[1] ?? `translated-${body.target}.psd` };
}

/** Saves the file the way a browser saves a download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file to the browser: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
