import type { GlossaryEntry } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { type FakeCall, fakeApi, ok, renderWithApp } from '../../../test/render';
import { GlossaryDrawer } from '../components/glossary-drawer';
import { TranslateScreen } from '../components/translate-screen';

const GLOSSARY = '/api/v1/translate/glossary';

/** A small server keeping the seller's glossary as the real one does: newest first, refusals in Chinese. */
function fakeGlossaryServer() {
  let entries: GlossaryEntry[] = [
    { id: 2, source: '加绒', target: 'en', translation: 'Fleece-lined', updatedAt: 2 },
    { id: 1, source: '小米', target: 'all', translation: null, updatedAt: 1 },
  ];
  let nextId = 3;
  const save = (call: FakeCall, id: number) => {
    const body = call.body as Omit<GlossaryEntry, 'id' | 'updatedAt'>;
    if (body.source === '代开发票')
      return { status: 422, body: { code: 200004, msg: '术语中含有违规内容，请修改后重试', data: null } };
    const entry = { id, ...body, updatedAt: 9 };
    entries = [entry, ...entries.filter((e) => e.id !== id)];
    return ok(entry);
  };
  const routes: Parameters<typeof fakeApi>[0] = {
    [GLOSSARY]: (call) => (call.method === 'POST' ? save(call, nextId++) : ok(entries)),
  };
  for (const id of [1, 2]) {
    routes[`${GLOSSARY}/${id}`] = (call) => save(call, id);
    routes[`${GLOSSARY}/${id}/delete`] = () => {
      entries = entries.filter((e) => e.id !== id);
      return ok(null);
    };
  }
  return fakeApi(routes);
}

const notifyError = vi.fn();
beforeEach(() => {
  notifyError.mockReset();
  configureApiClient({ notifyError, currentPath: () => '/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

const signIn = () =>
  useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');
const list = () => screen.findByRole('list', { name: '术语列表' });

describe('术语表 drawer', () => {
  it('lists the seller’s terms with the count, and adds one kept as is for all languages', async () => {
    signIn();
    const calls = fakeGlossaryServer();
    renderWithApp(<GlossaryDrawer open onClose={() => {}} />);
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('加绒→Fleece-lined英语');
    expect(items[1]).toHaveTextContent('小米→保持原文所有语言');
    expect(screen.getByText('已存 2/200 条')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('原文'), { target: { value: '出海牌' } });
    fireEvent.click(screen.getByRole('button', { name: /加入术语表/ }));
    await waitFor(() => expect(screen.getByText('已存 3/200 条')).toBeInTheDocument());
    expect(posts(calls)[0]?.body).toEqual({ source: '出海牌', target: 'all', translation: null });
    expect(within(await list()).getAllByRole('listitem')[0]).toHaveTextContent('出海牌→保持原文所有语言');
    expect(screen.getByLabelText('原文')).toHaveValue('');
  });

  it('adds a fixed translation for one language', async () => {
    signIn();
    const calls = fakeGlossaryServer();
    renderWithApp(<GlossaryDrawer open onClose={() => {}} />);
    await list();
    fireEvent.change(screen.getByLabelText('原文'), { target: { value: '防滑' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '用于哪种语言' }));
    fireEvent.click(await screen.findByTitle('德语'));
    fireEvent.change(screen.getByLabelText('译文'), { target: { value: 'Rutschfest' } });
    fireEvent.click(screen.getByRole('button', { name: /加入术语表/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ source: '防滑', target: 'de', translation: 'Rutschfest' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '术语列表' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('防滑→Rutschfest德语'),
    );
  });

  it('says what is wrong before asking the server, and keeps the text when the server refuses', async () => {
    signIn();
    const calls = fakeGlossaryServer();
    renderWithApp(<GlossaryDrawer open onClose={() => {}} />);
    await list();
    fireEvent.click(screen.getByRole('button', { name: /加入术语表/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写原文（图片上的文字）');
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('原文'), { target: { value: '代开发票' } });
    fireEvent.click(screen.getByRole('button', { name: /加入术语表/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('术语中含有违规内容，请修改后重试');
    expect(posts(calls)).toHaveLength(1);
    expect(screen.getByLabelText('原文')).toHaveValue('代开发票');
    expect(screen.getByText('已存 2/200 条')).toBeInTheDocument();
  });

  it('edits an entry in the form and deletes one after confirming', async () => {
    signIn();
    const calls = fakeGlossaryServer();
    renderWithApp(<GlossaryDrawer open onClose={() => {}} />);
    await list();
    fireEvent.click(screen.getByRole('button', { name: '编辑「加绒」' }));
    expect(screen.getByLabelText('原文')).toHaveValue('加绒');
    expect(screen.getByLabelText('译文')).toHaveValue('Fleece-lined');
    fireEvent.change(screen.getByLabelText('译文'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.url).toBe(`${GLOSSARY}/2`);
    expect(posts(calls)[0]?.body).toEqual({ source: '加绒', target: 'en', translation: null });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '术语列表' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('加绒→保持原文英语'),
    );
    expect(await screen.findByRole('button', { name: /加入术语表/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '删除「小米」' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认删除' }));
    await waitFor(() => expect(screen.getByText('已存 1/200 条')).toBeInTheDocument());
    expect(posts(calls)[1]?.url).toBe(`${GLOSSARY}/1/delete`);
    expect(screen.queryByText('小米')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, without calling the server', async () => {
    const calls = fakeGlossaryServer();
    renderWithApp(<GlossaryDrawer open onClose={() => {}} />);
    expect(await screen.findByText('登录后保存你的术语表')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('opens from the 图片翻译 screen, whose button shows how many terms are stored', async () => {
    signIn();
    fakeGlossaryServer();
    renderWithApp(<TranslateScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /术语表（2）/ }));
    expect(await screen.findByRole('dialog', { name: '术语表' })).toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('术语表里的 2 条术语会自动使用')).toBeInTheDocument();
  });
});
