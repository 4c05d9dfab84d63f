import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderWithApp } from '../../../test/render';
import { ChatScreen } from '../components/chat-screen';
import { resetChatStore } from '../stores/chat-store';
import { jsonResponse, streamResponse, stubChatFetch } from './fake-stream';

const CONFIGURED = { configured: true, advancedAvailable: true, hint: '' };
const LIBRARY = [
  {
    id: 'listing',
    name: 'Listing 标题与五点',
    prompts: [
      { id: 'lib-amazon-title', msgTagTitleName: '亚马逊标题', summary: '写标题', prompt: '你是运营' },
    ],
  },
];
const EMPTY_PAGE = { list: [], total: 0, pageNo: 1, pageSize: 20 };
const INFO = {
  usage: [{ feature: 'chat', name: 'AI 问答', used: 3, limit: 20 }],
};

function routes(extra: Record<string, unknown> = {}) {
  return {
    '/api/v1/getChatConfig': CONFIGURED,
    '/api/v1/getMsgTagCategoryList': LIBRARY,
    '/api/v1/getMsgList': EMPTY_PAGE,
    '/api/v1/conversations': EMPTY_PAGE,
    '/api/v1/getMsgTagList': EMPTY_PAGE,
    '/api/v1/info': INFO,
    ...extra,
  };
}

function answerFrames(text: string) {
  return [
    { event: 'start', data: { id: 5, conversationId: 1, createdAt: Date.now() } },
    ...[...text].map((ch) => ({ event: 'text', data: { text: ch } })),
    { event: 'done', data: { id: 5, status: 'done', usage: null } },
  ];
}

beforeEach(() => {
  useAuthStore.getState().signIn('token-1', { username: '13900001111', phone: '13900001111' });
  resetChatStore();
});
afterEach(() => vi.unstubAllGlobals());

describe('the question screen', () => {
  it('says what to configure when no model is set', async () => {
    stubChatFetch(
      () => jsonResponse({}),
      routes({
        '/api/v1/getChatConfig': { configured: false, advancedAvailable: false, hint: '请设置 LLM_BASE_URL' },
      }),
    );
    renderWithApp(<ChatScreen />);
    expect(await screen.findByText('AI 问答暂未开通')).toBeInTheDocument();
    expect(screen.getByText('请设置 LLM_BASE_URL')).toBeInTheDocument();
    expect(screen.queryByLabelText('问题')).not.toBeInTheDocument();
  });

  it('Enter sends, Shift+Enter adds a line; the streamed answer renders as Markdown', async () => {
    const calls = stubChatFetch(() => streamResponse(answerFrames('**加粗**回答')), routes());
    renderWithApp(<ChatScreen />);
    const box = await screen.findByLabelText('问题');
    await userEvent.type(box, '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(box).toHaveValue('第一行\n第二行');
    expect(calls.some((c) => c.url.startsWith('/api/v1/sendMsg/'))).toBe(false);

    await userEvent.type(box, '{Enter}');
    // Once the stream is done the answer has its actions; before that the Markdown may be half-made.
    await screen.findByRole('button', { name: /重新生成/ });
    expect(screen.getByText('加粗').tagName).toBe('STRONG');
    expect(calls.find((c) => c.url === '/api/v1/sendMsg/')?.body).toEqual({
      content: '第一行\n第二行',
      chatType: 1,
    });
    expect(box).toHaveValue('');
    expect(screen.getByText('今日剩余 17/20 次')).toBeInTheDocument();
  });

  it('on a touch screen Enter adds a line and the 发送 button sends, as the hint says', async () => {
    // A phone: the main pointer is a finger. Other media queries (antd's breakpoints) stay unmatched.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const calls = stubChatFetch(() => streamResponse(answerFrames('好')), routes());
    renderWithApp(<ChatScreen />);
    const box = await screen.findByLabelText('问题');
    expect(box).toHaveAttribute('placeholder', '输入问题，回车换行，点「发送」提问');
    await userEvent.type(box, '第一行{Enter}第二行');
    expect(box).toHaveValue('第一行\n第二行');
    expect(calls.some((c) => c.url.startsWith('/api/v1/sendMsg/'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await screen.findByText('好');
    expect(calls.find((c) => c.url === '/api/v1/sendMsg/')?.body).toMatchObject({
      content: '第一行\n第二行',
    });
  });

  it('a library prompt chosen in the panel goes with the next question', async () => {
    const calls = stubChatFetch(() => streamResponse(answerFrames('好')), routes());
    renderWithApp(<ChatScreen />);
    // jsdom is narrow: the panel lives in a drawer behind the 提示词 button, as on a phone.
    await userEvent.click(await screen.findByRole('button', { name: /提示词/ }));
    const item = (await screen.findByText('亚马逊标题')).closest('li') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: /使\s*用/ }));
    await userEvent.type(screen.getByLabelText('问题'), '蓝牙耳机{Enter}');
    await screen.findByText('好');
    expect(calls.find((c) => c.url === '/api/v1/sendMsg/')?.body).toMatchObject({
      tagId: 'lib-amazon-title',
    });
  });

  it('200002 opens the dialog that leads to /price, and the question goes back into the box', async () => {
    stubChatFetch(
      () => jsonResponse({ code: 200002, msg: '今日免费 AI 问答额度（20 次）已用完', data: null }, 403),
      routes(),
    );
    const { router } = renderWithApp(<ChatScreen />, { path: '/question', route: '/question' });
    await userEvent.type(await screen.findByLabelText('问题'), '再问一个{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('今日提问次数已用完')).toBeInTheDocument();
    expect(within(dialog).getByText('今日免费 AI 问答额度（20 次）已用完')).toBeInTheDocument();
    expect(screen.getByLabelText('问题')).toHaveValue('再问一个');
    await userEvent.click(within(dialog).getByRole('button', { name: /开通 VIP/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
  });

  it('an upstream failure before any text shows the reason with a retry, and keeps the question', async () => {
    stubChatFetch(
      () =>
        streamResponse([
          { event: 'start', data: { id: 5, conversationId: 1, createdAt: 1 } },
          { event: 'error', data: { code: 502, msg: '无法连接 AI 服务，请稍后再试', refunded: true } },
        ]),
      routes(),
    );
    renderWithApp(<ChatScreen />);
    await userEvent.type(await screen.findByLabelText('问题'), '你好{Enter}');
    expect(await screen.findByText('无法连接 AI 服务，请稍后再试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
    expect(screen.getByLabelText('问题')).toHaveValue('你好');
  });
});
