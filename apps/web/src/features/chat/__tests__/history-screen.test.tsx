import type { ChatMessage } from '@chuhai/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderWithApp } from '../../../test/render';
import { HistoryScreen } from '../components/history-screen';
import { stubChatFetch } from './fake-stream';

const EXCHANGE: ChatMessage = {
  id: 11,
  conversationId: 4,
  content: '亚马逊标题怎么写',
  answer: '标题要包含核心关键词',
  chatType: 1,
  tagId: null,
  tagTitle: null,
  status: 'done',
  createdAt: Date.now(),
};

beforeEach(() => {
  useAuthStore.getState().signIn('token-1', { username: '13900001111', phone: '13900001111' });
});
afterEach(() => vi.unstubAllGlobals());

describe('问答历史', () => {
  it('an opened exchange offers to continue its conversation in the chat', async () => {
    const calls = stubChatFetch(() => new Response(), {
      '/api/v1/getMsgHistoryList': { list: [EXCHANGE], total: 1, pageNo: 1, pageSize: 20 },
      '/api/v1/conversations/4/open': {
        id: 4,
        title: '亚马逊标题怎么写',
        renamed: false,
        exchanges: 1,
        createdAt: 1,
        updatedAt: 1,
        current: true,
      },
    });
    const { router } = renderWithApp(<HistoryScreen />, {
      path: '/question/history',
      route: '/question/history',
    });
    const row = (await screen.findAllByRole('button', { name: '亚马逊标题怎么写' }))[0] as HTMLElement;
    await userEvent.click(row);
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('标题要包含核心关键词')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: /继续这个对话/ }));
    expect(await screen.findByText('AI 问答页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/question');
    expect(calls.some((c) => c.url === '/api/v1/conversations/4/open')).toBe(true);
  });
});
