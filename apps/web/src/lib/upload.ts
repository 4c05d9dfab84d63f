import type { Envelope } from '@chuhai/contract';
import { ApiError, buildHeaders, envelopeOf, handleEnvelope } from './api-client';
import { createSseParser } from './sse';

interface UploadOptions {
  onProgress?: (sentShare: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

/**
 * Sends `form` with XMLHttpRequest (`fetch` cannot tell how much of a request body has been sent),
 * with the headers `apiRequest` sends. `settle` turns the finished request into the envelope.
 */
function send<T>(
  path: string,
  form: FormData,
  options: UploadOptions,
  prepare: (xhr: XMLHttpRequest) => void,
  settle: (xhr: XMLHttpRequest) => Envelope<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(buildHeaders(path)))
      if (value) xhr.setRequestHeader(name, value);
    prepare(xhr);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () => {
      try {
        resolve(handleEnvelope(settle(xhr), { url: path, silent: options.silent }));
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

/** A multipart POST that reports upload progress and answers with the envelope's data. */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return send<T>(
    path,
    form,
    options,
    () => {},
    (xhr) => envelopeOf<T>(xhr.responseText, xhr.status),
  );
}

/**
 * A multipart POST whose answer is an event stream: each event but the last goes to `onEvent` as
 * it arrives; the last, `result`, carries the envelope. A refusal before the stream opened comes
 * as a plain JSON envelope and is handled the same way.
 */
export function uploadFormWithEvents<T>(
  path: string,
  form: FormData,
  options: UploadOptions & { onEvent: (event: string, data: unknown) => void },
): Promise<T> {
  let result: Envelope<T> | null = null;
  let read = 0;
  const encoder = new TextEncoder();
  const parser = createSseParser((frame) => {
    const data = JSON.parse(frame.data) as unknown;
    if (frame.event === 'result') result = data as Envelope<T>;
    else options.onEvent(frame.event, data);
  });
  const feed = (xhr: XMLHttpRequest) => {
    if (!(xhr.getResponseHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    parser.push(encoder.encode(xhr.responseText.slice(read)));
    read = xhr.responseText.length;
  };
  return send<T>(
    path,
    form,
    options,
    (xhr) => {
      xhr.setRequestHeader('accept', 'text/event-stream');
      xhr.onprogress = () => feed(xhr);
    },
    (xhr) => {
      feed(xhr);
      parser.end();
      return result ?? envelopeOf<T>(xhr.responseText, xhr.status);
    },
  );
}
