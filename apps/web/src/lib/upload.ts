import type { Envelope } from '@chuhai/contract';
import { ApiError, buildHeaders, handleEnvelope } from './api-client';

/**
 * A multipart POST that reports upload progress. `fetch` cannot tell how much of a request body has
 * been sent, so this one call uses XMLHttpRequest; headers and the envelope are handled exactly as
 * in `apiRequest`.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  options: { onProgress?: (sentShare: number) => void; signal?: AbortSignal; silent?: boolean } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(buildHeaders(path)))
      if (value) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
        if (typeof envelope?.code !== 'number') throw new Error('not an envelope');
      } catch {
        envelope = {
          code: xhr.status >= 400 ? xhr.status : 500,
          msg: '服务器返回了无法识别的内容',
          data: null as T,
        };
      }
      try {
        resolve(handleEnvelope(envelope, { url: path, silent: options.silent }));
      } catch (error) {
        reject(error);
      }
    };
    const networkError = () => {
      const msg = '网络连接失败，请检查网络后重试';
      reject(new ApiError(0, msg, null, msg));
    };
    xhr.onerror = networkError;
    xhr.onabort = () => reject(new ApiError(0, '请求已取消', null, 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
