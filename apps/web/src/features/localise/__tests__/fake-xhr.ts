import { vi } from 'vitest';

/** What a multipart upload sent, and the envelope the fake answered. */
export interface SentForm {
  url: string;
  form: FormData;
}

/**
 * XMLHttpRequest as the upload helper uses it (lib/upload.ts: progress, then the envelope), answering
 * each path with `answer(form)`. The forms sent, in order.
 */
export function fakeUploads(answers: Record<string, (form: FormData) => unknown>): SentForm[] {
  const sent: SentForm[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: unknown) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      const answer = answers[this.url];
      setTimeout(() => {
        this.upload.onload?.();
        this.status = answer ? 200 : 404;
        this.responseText = JSON.stringify(
          answer
            ? { code: 200, msg: '成功', data: answer(form) }
            : { code: 404, msg: '接口不存在', data: null },
        );
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
