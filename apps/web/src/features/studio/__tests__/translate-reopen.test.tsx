import type { StudioImage } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, ok, renderWithApp } from '../../../test/render';
import { choosePicture, openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { translatedBlock, translateResult, waterproofBlock } from '../../../test/translate-result';
import { translateImage } from '../api/translate-image';
import { TranslateScreen } from '../components/translate-screen';

vi.mock('../api/translate-image', () => ({ translateImage: vi.fn() }));

/** Translation 7 as last drawn: its block edited to 「Rainproof」, named after the seller's file. */
const KEPT = translateResult({
  translationId: 7,
  fileName: '1688.png',
  sourceId: 9,
  sourceUrl: '/files/src-7.png',
  resultUrl: '/files/out-7b.png',
  blocks: [waterproofBlock({ text: 'Rainproof' })],
});

const drawing = (id: number, translationId?: number): StudioImage => ({
  id,
  kind: 'translate',
  url: `/files/u/1/${id}.png?exp=1&sig=s`,
  width: 400,
  height: 400,
  createdAt: Date.now() - id * 60_000,
  expiresAt: Date.now() + 6 * 86_400_000,
  ...(translationId ? { translationId } : {}),
});

const translated = vi.mocked(translateImage);
let routes: Record<string, (call: FakeCall) => { status?: number; body: unknown }>;
let calls: FakeCall[];

beforeEach(() => {
  translated.mockReset();
  routes = {
    '/api/v1/translate/glossary': () => ok([]),
    '/api/v1/translate/7': () => ok(KEPT),
    '/files/src-7.png': () => ({ body: 'png bytes' }),
    '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
  };
  calls = openStudioAsSeller(routes);
});
afterEach(signOutOfStudio);

const opened = (id: number) => calls.filter((call) => call.url.startsWith(`/api/v1/translate/${id}`));

describe('图片翻译 · 继续编辑', () => {
  it('opens the translation the address names (a reload), as last drawn, beside its 原图', async () => {
    renderWithApp(<TranslateScreen />, { path: '/screen?translation=7' });
    const region = screen.getByRole('region', { name: '翻译结果' });
    expect(await within(region).findByLabelText('第 1 块译文')).toHaveValue('Rainproof');
    expect(within(region).getByRole('img', { name: '原图' })).toHaveAttribute('src', '/files/src-7.png');
    expect(within(region).getByRole('img', { name: '翻译后的图片' })).toHaveAttribute(
      'src',
      '/files/out-7b.png',
    );
    // Downloads are still named after the seller's own file.
    expect(within(region).getByRole('link', { name: '下载翻译后的图片' })).toHaveAttribute(
      'download',
      '1688-en.png',
    );
    expect(opened(7)).toHaveLength(1);

    // 重新翻译 translates its kept 原图 again (one more use, as for an upload), under the same name.
    translated.mockResolvedValue(
      translateResult({ translationId: 8, blocks: [translatedBlock(1, 'Again')] }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重新翻译/ }));
    await waitFor(() => expect(translated).toHaveBeenCalledTimes(1));
    expect(translated.mock.calls[0]?.[0].name).toBe('1688.png');
    expect(calls.some((call) => call.url === '/files/src-7.png')).toBe(true);
    // Until the busy screen has rendered, the last translation's block is still there to be found.
    await waitFor(() => expect(within(region).getByLabelText('第 1 块译文')).toHaveValue('Again'));
  });

  it('names a translation made here in the address, so a reload opens it again, without asking for it', async () => {
    translated.mockResolvedValue(
      translateResult({ translationId: 12, blocks: [translatedBlock(1, 'Sale today')] }),
    );
    const { router } = renderWithApp(<TranslateScreen />);
    choosePicture('1688.png');
    expect(await screen.findByLabelText('第 1 块译文')).toHaveValue('Sale today');
    expect(router.state.location.search).toBe('?translation=12');
    expect(opened(12)).toHaveLength(0);
  });

  it('offers 继续编辑 on a translation’s latest drawing only, and opens it in the editor', async () => {
    routes['/api/v1/studio/images'] = () =>
      ok({ list: [drawing(31, 7), drawing(30)], total: 2, pageNo: 1, pageSize: 12 });
    const { router } = renderWithApp(<TranslateScreen />);
    const recent = await screen.findByRole('region', { name: '最近作品' });
    const edit = within(recent).getAllByRole('button', { name: /继续编辑/ });
    expect(edit).toHaveLength(1);
    expect(screen.queryByLabelText('第 1 块译文')).toBeNull();
    fireEvent.click(edit[0] as HTMLElement);
    expect(await screen.findByLabelText('第 1 块译文')).toHaveValue('Rainproof');
    expect(router.state.location.search).toBe('?translation=7');
    expect(opened(7)).toHaveLength(1);
  });

  it('says when the translation has expired, and leaves the screen as a new one', async () => {
    routes['/api/v1/translate/7'] = () => ({
      status: 404,
      body: { code: 404, msg: '这张翻译已过期或已删除，不能再编辑', data: null },
    });
    const { router } = renderWithApp(<TranslateScreen />, { path: '/screen?translation=7' });
    expect(await screen.findByText('这张翻译已过期或已删除，不能再编辑')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByLabelText('第 1 块译文')).toBeNull();
    expect(screen.getByRole('region', { name: '图片翻译示例' })).toBeInTheDocument();
  });
});
