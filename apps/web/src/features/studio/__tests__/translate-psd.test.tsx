import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { renderWithApp } from '../../../test/render';
import { translateResult, waterproofBlock } from '../../../test/translate-result';
import { TranslateEditor } from '../components/translate-editor';

const RESULT = translateResult({
  backgroundId: 7,
  sourceId: 9,
  resultId: 8,
  blocks: [waterproofBlock()],
});

/** The PSD route answering `reply`; the requests it got. */
function fakePsdRoute(reply: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== '/api/v1/translate/psd') return new Response('{}', { status: 404 });
      bodies.push(JSON.parse(String(init.body)));
      return reply();
    }),
  );
  return bodies;
}

let clicked: { href: string; download: string }[];
beforeEach(() => {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  URL.createObjectURL = vi.fn(() => 'blob:psd');
  URL.revokeObjectURL = vi.fn();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuthStore.getState().clear();
});

describe('图片翻译 · 下载 PSD', () => {
  it('sends the blocks as edited now, with the original, and saves the file under the server’s name', async () => {
    const bodies = fakePsdRoute(
      () =>
        new Response(new Uint8Array([0x38, 0x42, 0x50, 0x53]), {
          headers: {
            'content-type': 'image/vnd.adobe.photoshop',
            'content-disposition': 'attachment; filename="translated-en-7.psd"',
          },
        }),
    );
    renderWithApp(<TranslateEditor result={RESULT} onChange={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('第 1 块译文'), { target: { value: 'Rainproof' } });
    fireEvent.click(screen.getByRole('button', { name: /下载 PSD/ }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:psd', download: 'translated-en-7.psd' }]));
    expect(bodies).toEqual([
      {
        backgroundId: 7,
        target: 'en',
        sourceId: 9,
        blocks: [{ ...RESULT.blocks[0], text: 'Rainproof' }],
      },
    ]);
    const saved = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(saved.size).toBe(4);
  });

  it('shows the server’s refusal in Chinese and saves nothing', async () => {
    fakePsdRoute(
      () =>
        new Response(
          JSON.stringify({ code: 404, msg: '这张翻译已过期或已删除，请重新上传翻译', data: null }),
          {
            status: 404,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          },
        ),
    );
    renderWithApp(<TranslateEditor result={RESULT} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /下载 PSD/ }));
    expect(await screen.findByText('这张翻译已过期或已删除，请重新上传翻译')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
