import type { ChatMessage, Conversation } from '@chuhai/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderWithApp } from '../../../test/render';
import { ChatScreen } from '../components/chat-screen';
import { resetChatStore } from '../stores/chat-store';
import { type RouteData, streamResponse, stubChatFetch } from './fake-stream';

const DAY = 86_400_000;
const NOW = Date.now();

function exchange(id: number, conversationId: number, content: string, answer: string): ChatMessage {
  return {
    id,
    conversationId,
    content,
    answer,
    chatType: 1,
    tagId: null,
    tagTitle: null,
    status: 'done',
    createdAt: NOW,
  };
}

const page = <T,>(list: T[]) => ({ list, total: list.length, pageNo: 1, pageSize: 20 });

/**
 * A small server: two conversations, the newer one open. Opening, renaming and deleting change it
 * as the real one does, so the screen's refetches see the result.
 */
function fakeServer() {
  const state = {
    current: 2,
    conversations: [
      { id: 2, title: '新的问题', updatedAt: NOW },
      { id: 1, title: '亚马逊标题怎么写', updatedAt: NOW - 2 * DAY },
    ],
    exchanges: {
      1: [exchange(11, 1, '亚马逊标题怎么写', '旧对话的回答')],
      2: [exchange(21, 2, '新的问题', '新对话的回答')],
    } as Record<number, ChatMessage[]>,
  };
  const item = (c: { id: number; title: string; updatedAt: number }): Conversation => ({
    ...c,
    renamed: false,
    exchanges: state.exchanges[c.id]?.length ?? 0,
    createdAt: c.updatedAt,
    current: c.id === state.current,
  });
  const routes: Record<string, RouteData> = {
    '/api/v1/getChatConfig': { configured: true, advancedAvailable: false, hint: '' },
    '/api/v1/getMsgTagCategoryList': [],
    '/api/v1/getMsgTagList': page([]),
    '/api/v1/info': { usage: [] },
    '/api/v1/getMsgList': () => page(state.exchanges[state.current] ?? []),
    '/api/v1/conversations': ({ url }: { url: string }) => {
      const keyword = new URL(url, 'http://x').searchParams.get('keyword') ?? '';
      return page(state.conversations.filter((c) => c.title.includes(keyword)).map(item));
    },
    '/api/v1/msgClear': () => {
      state.current = 0;
      return { deleted: 0 };
    },
  };
  for (const id of [1, 2]) {
    routes[`/api/v1/conversations/${id}/open`] = () => {
      state.current = id;
      return item(state.conversations.find((c) => c.id === id) as never);
    };
    routes[`/api/v1/conversations/${id}/rename`] = ({ body }: { body: unknown }) => {
      const found = state.conversations.find((c) => c.id === id);
      if (found) found.title = (body as { title: string }).title;
      return item(found as never);
    };
    routes[`/api/v1/conversations/${id}/delete`] = () => {
      state.conversations = state.conversations.filter((c) => c.id !== id);
      const deleted = state.exchanges[id]?.length ?? 0;
      delete state.exchanges[id];
      if (state.current === id) state.current = 0;
      return { deleted };
    };
  }
  return { state, routes };
}

function answer(text: string) {
  return streamResponse([
    { event: 'start', data: { id: 12, conversationId: 1, createdAt: NOW } },
    { event: 'text', data: { text } },
    { event: 'done', data: { id: 12, status: 'done', usage: null } },
  ]);
}

/**
 * The open dialog whose title says `title`. Not by accessible name: under test, antd gives every
 * dialog the same generated id, so each would be named by the first one's title.
 */
function dialogTitled(title: string | RegExp) {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => {
      const heading = d.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent ?? '';
      return typeof title === 'string' ? heading === title : title.test(heading);
    });
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
}

/** jsdom is narrow, as a phone: the list is in the drawer behind 对话记录. */
async function openList() {
  await userEvent.click(await screen.findByRole('button', { name: /对话记录/ }));
  return dialogTitled('对话记录');
}

beforeEach(() => {
  useAuthStore.getState().signIn('token-1', { username: '13900001111', phone: '13900001111' });
  resetChatStore();
});
afterEach(() => vi.unstubAllGlobals());

describe('past conversations', () => {
  it('lists them by day, opens one into the chat, and the next question continues it', async () => {
    const { routes } = fakeServer();
    const calls = stubChatFetch(() => answer('接着回答'), routes);
    renderWithApp(<ChatScreen />);
    expect(await screen.findByText('新对话的回答')).toBeInTheDocument();

    const list = await openList();
    const today = await within(list).findByRole('region', { name: '今天' });
    expect(within(today).getByRole('button', { name: '新的问题' })).toHaveAttribute('aria-current', 'true');
    const week = within(list).getByRole('region', { name: '最近 7 天' });
    await userEvent.click(within(week).getByRole('button', { name: '亚马逊标题怎么写' }));

    expect(calls.some((c) => c.url === '/api/v1/conversations/1/open')).toBe(true);
    expect(await screen.findByText('旧对话的回答')).toBeInTheDocument();
    expect(screen.queryByText('新对话的回答')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('问题'), '再短一点{Enter}');
    // Retried as a whole: the streamed answer is drawn again as it grows, so the node findByText
    // returned can already be replaced by the time it is checked (CI-5, a core kept busy).
    await waitFor(() => expect(screen.getByText('接着回答')).toBeInTheDocument());
    expect(screen.getByText('旧对话的回答')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/sendMsg/')?.body).toMatchObject({ content: '再短一点' });
  });

  it('a question asked as soon as the opened conversation shows is answered, however late the list reloads', async () => {
    const { routes } = fakeServer();
    const listed = routes['/api/v1/conversations'] as (call: { url: string; body: unknown }) => unknown;
    // After the open, the conversation list answers only once the seller has asked: on a fast
    // server the opened conversation is on screen before the list has reloaded.
    let opened = false;
    let release = () => {};
    const asked = new Promise<void>((resolve) => {
      release = resolve;
    });
    routes['/api/v1/conversations'] = async (call: { url: string; body: unknown }) => {
      if (opened) await asked;
      return listed(call);
    };
    const open = routes['/api/v1/conversations/1/open'] as (call: { url: string; body: unknown }) => unknown;
    routes['/api/v1/conversations/1/open'] = (call: { url: string; body: unknown }) => {
      opened = true;
      return open(call);
    };
    stubChatFetch(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer('接着回答');
    }, routes);
    renderWithApp(<ChatScreen />);
    expect(await screen.findByText('新对话的回答')).toBeInTheDocument();

    const list = await openList();
    await userEvent.click(within(list).getByRole('button', { name: '亚马逊标题怎么写' }));
    expect(await screen.findByText('旧对话的回答')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('问题'), '再短一点{Enter}');

    await waitFor(() => expect(screen.getByText('接着回答')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('接着回答')).toBeInTheDocument();
  });

  it('rename checks the name as the server does, then saves it', async () => {
    const { routes } = fakeServer();
    const calls = stubChatFetch(() => answer(''), routes);
    renderWithApp(<ChatScreen />);
    const list = await openList();
    await userEvent.click(
      await within(list).findByRole('button', { name: '对话「亚马逊标题怎么写」的操作' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: /重命名/ }));
    const dialog = await dialogTitled('重命名对话');
    const input = within(dialog).getByLabelText('对话名称');
    expect(input).toHaveValue('亚马逊标题怎么写');

    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入对话名称');
    await userEvent.type(input, '名'.repeat(41));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('对话名称最多 40 个字，当前 41 个字');
    expect(calls.some((c) => c.url.endsWith('/rename'))).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, '北美 Listing{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/conversations/1/rename')?.body).toEqual({
        title: '北美 Listing',
      }),
    );
    expect(await within(list).findByRole('button', { name: '北美 Listing' })).toBeInTheDocument();
    expect(await screen.findByText('已重命名')).toBeInTheDocument();
  });

  it('delete asks first, then removes the conversation; deleting the open one empties the chat', async () => {
    const { routes } = fakeServer();
    const calls = stubChatFetch(() => answer(''), routes);
    renderWithApp(<ChatScreen />);
    expect(await screen.findByText('新对话的回答')).toBeInTheDocument();
    const list = await openList();
    await userEvent.click(await within(list).findByRole('button', { name: '对话「新的问题」的操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    const confirm = await dialogTitled('删除对话「新的问题」？');
    expect(confirm).toHaveTextContent('对话里的 1 条问答会一起删除，删除后无法恢复。');
    expect(calls.some((c) => c.url.endsWith('/delete'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));

    expect(await screen.findByText('已删除对话')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/conversations/2/delete')).toBe(true);
    await waitFor(() => expect(within(list).queryByRole('button', { name: '新的问题' })).toBeNull());
    expect(within(list).getByRole('button', { name: '亚马逊标题怎么写' })).toBeInTheDocument();
    expect(await screen.findByText('今天想解决什么运营问题？')).toBeInTheDocument();
  });

  it('search asks the server with the keyword once typing pauses, and says when nothing matches', async () => {
    const { routes } = fakeServer();
    const calls = stubChatFetch(() => answer(''), routes);
    renderWithApp(<ChatScreen />);
    const list = await openList();
    await within(list).findByRole('button', { name: '新的问题' });
    await userEvent.type(within(list).getByLabelText('搜索对话'), '德国');
    expect(await within(list).findByText('没有包含「德国」的对话')).toBeInTheDocument();
    const searches = calls.filter((c) => c.url.startsWith('/api/v1/conversations?'));
    expect(searches.at(-1)?.url).toContain(`keyword=${encodeURIComponent('德国')}`);
    expect(searches.filter((c) => c.url.includes('keyword='))).toHaveLength(1);
  });

  it('新对话 in the header ends the conversation: the chat is empty, the list keeps it', async () => {
    const { routes } = fakeServer();
    const calls = stubChatFetch(() => answer(''), routes);
    renderWithApp(<ChatScreen />);
    expect(await screen.findByText('新对话的回答')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /新对话/ }));
    expect(await screen.findByText('今天想解决什么运营问题？')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/msgClear')).toBe(true);
    const list = await openList();
    const item = await within(list).findByRole('button', { name: '新的问题' });
    await waitFor(() => expect(item).not.toHaveAttribute('aria-current'));
  });
});
