import { ApiOutlined, MenuUnfoldOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import type { ChatMessage, Conversation } from '@chuhai/contract';
import { App, Button, Drawer, Grid, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { NotConfigured } from '../../../components/ui/not-configured';
import { useChatConfig } from '../../../entities/chat-config/get-chat-config';
import { useAuthStore } from '../../../stores/auth-store';
import { useDeleteConversation } from '../api/delete-conversation';
import { useMsgClear } from '../api/msg-clear';
import { useOpenConversation } from '../api/open-conversation';
import { useChatStore } from '../stores/chat-store';
import { useAsk } from '../use-ask';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { QuotaDialog } from './quota-dialog';
import { TagPanel } from './tag-panel';
import '../chat.css';

/** What belonged to the conversation on screen (a failed question's error, the notice under it) goes with it. */
function leaveConversation() {
  const store = useChatStore.getState();
  store.finish();
  store.setNotice(null);
}

/**
 * AI 问答: past conversations on the left, the conversation and composer, the prompt panel on the
 * right. On narrower screens the two side panels are drawers opened from the chat's header.
 */
export function ChatScreen() {
  const config = useChatConfig();
  const signedIn = useAuthStore((s) => s.token !== null);
  const screens = Grid.useBreakpoint();
  const wide = screens.lg !== false;
  const tagsBeside = screens.xl !== false;
  const [tagsOpen, setTagsOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  // A new key remounts the thread, so another conversation starts scrolled to its newest answer.
  const [shownKey, setShownKey] = useState(0);
  const ask = useAsk();
  const clear = useMsgClear();
  const open = useOpenConversation(() => {
    leaveConversation();
    setShownKey((k) => k + 1);
  });
  const remove = useDeleteConversation();
  const busy = useChatStore((s) => s.pending !== null && s.pending.phase !== 'failed');
  const { message } = App.useApp();

  const onSend = useCallback((question: string) => ask({ question }), [ask]);
  const onRegenerate = useCallback(
    (previous: ChatMessage) => ask({ question: previous.content, regenerate: previous }),
    [ask],
  );
  const onExample = useCallback((question: string) => useChatStore.getState().setDraft(question), []);
  const newConversation = async () => {
    setListOpen(false);
    await clear.mutateAsync(false);
    leaveConversation();
    setShownKey((k) => k + 1);
    message.success('已开始新对话');
  };
  const openConversation = async (conversation: Conversation) => {
    setListOpen(false);
    if (conversation.current || busy) return;
    // What was on screen goes once the server has opened it (useOpenConversation's onOpened).
    await open.mutateAsync(conversation.id).catch(() => undefined); // the API client has said why
  };
  const deleteConversation = async (conversation: Conversation) => {
    try {
      await remove.mutateAsync(conversation.id);
    } catch {
      return;
    }
    if (conversation.current) leaveConversation();
    message.success('已删除对话');
  };

  if (config.isPending) return <Skeleton active className="chat-page" />;
  if (config.data && !config.data.configured) {
    return (
      <div className="chat-page chat-page--center">
        <NotConfigured feature="AI 问答" icon={<ApiOutlined />} hint={config.data.hint} />
      </div>
    );
  }

  const conversations = signedIn ? (
    <ConversationList
      busy={busy || open.isPending}
      onNew={newConversation}
      onOpen={openConversation}
      onDelete={deleteConversation}
    />
  ) : null;

  return (
    <div className="chat-page">
      {wide && conversations ? (
        <aside className="chat-conversations" aria-label="对话记录">
          {conversations}
        </aside>
      ) : null}
      <section className="chat-main" aria-label="AI 问答">
        <header className="chat-header">
          <h1>AI 问答</h1>
          <div className="chat-header__actions">
            {!wide && signedIn ? (
              <Button size="small" icon={<MenuUnfoldOutlined />} onClick={() => setListOpen(true)}>
                对话记录
              </Button>
            ) : null}
            {!wide && signedIn ? (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={newConversation}
                disabled={busy}
                loading={clear.isPending}
              >
                新对话
              </Button>
            ) : null}
            {!tagsBeside ? (
              <Button
                size={wide ? 'middle' : 'small'}
                icon={<TagsOutlined />}
                onClick={() => setTagsOpen(true)}
              >
                提示词
              </Button>
            ) : null}
          </div>
        </header>
        <ConversationView key={shownKey} onRegenerate={onRegenerate} onRetry={onSend} onExample={onExample} />
        <Composer onSend={onSend} advancedAvailable={config.data?.advancedAvailable ?? false} />
      </section>
      {tagsBeside ? (
        <aside className="chat-aside" aria-label="提示词">
          <TagPanel />
        </aside>
      ) : (
        <Drawer
          open={tagsOpen}
          onClose={() => setTagsOpen(false)}
          title="提示词"
          placement="right"
          size={340}
        >
          <TagPanel onChosen={() => setTagsOpen(false)} />
        </Drawer>
      )}
      {!wide && conversations ? (
        <Drawer
          open={listOpen}
          onClose={() => setListOpen(false)}
          title="对话记录"
          placement="left"
          size={300}
          className="chat-conversations-drawer"
        >
          {conversations}
        </Drawer>
      ) : null}
      <QuotaDialog />
    </div>
  );
}
