import { HistoryOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import type { ChatMessage } from '@chuhai/contract';
import { App, Button, Drawer, Grid, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useChatConfig } from '../../../entities/chat-config/get-chat-config';
import { useAuthStore } from '../../../stores/auth-store';
import { useMsgClear } from '../api/msg-clear';
import { useChatStore } from '../stores/chat-store';
import { useAsk } from '../use-ask';
import { ChatNotConfigured } from './chat-not-configured';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import { QuotaDialog } from './quota-dialog';
import { TagPanel } from './tag-panel';
import '../chat.css';

/** AI 问答: the conversation and composer, with the prompt panel beside it (a drawer on phones). */
export function ChatScreen() {
  const config = useChatConfig();
  const signedIn = useAuthStore((s) => s.token !== null);
  const screens = Grid.useBreakpoint();
  const wide = screens.lg !== false;
  const [tagsOpen, setTagsOpen] = useState(false);
  const ask = useAsk();
  const clear = useMsgClear();
  const busy = useChatStore((s) => s.pending !== null && s.pending.phase !== 'failed');
  const { message } = App.useApp();

  const onSend = useCallback((question: string) => ask({ question }), [ask]);
  const onRegenerate = useCallback(
    (previous: ChatMessage) => ask({ question: previous.content, regenerate: previous }),
    [ask],
  );
  const onExample = useCallback((question: string) => useChatStore.getState().setDraft(question), []);
  const newConversation = async () => {
    await clear.mutateAsync(false);
    useChatStore.getState().finish();
    message.success('已开始新对话');
  };

  if (config.isPending) return <Skeleton active className="chat-page" />;
  if (config.data && !config.data.configured) {
    return (
      <div className="chat-page chat-page--center">
        <ChatNotConfigured hint={config.data.hint} />
      </div>
    );
  }

  return (
    <div className="chat-page">
      <section className="chat-main" aria-label="AI 问答">
        <header className="chat-header">
          <h1>AI 问答</h1>
          <div className="chat-header__actions">
            {signedIn ? (
              <Button
                size={wide ? 'middle' : 'small'}
                icon={<PlusOutlined />}
                onClick={newConversation}
                disabled={busy}
                loading={clear.isPending}
              >
                新对话
              </Button>
            ) : null}
            {signedIn ? (
              <Link to={paths.questionHistory.getHref()}>
                <Button size={wide ? 'middle' : 'small'} icon={<HistoryOutlined />}>
                  历史记录
                </Button>
              </Link>
            ) : null}
            {!wide ? (
              <Button size="small" icon={<TagsOutlined />} onClick={() => setTagsOpen(true)}>
                提示词
              </Button>
            ) : null}
          </div>
        </header>
        <ConversationView onRegenerate={onRegenerate} onRetry={onSend} onExample={onExample} />
        <Composer onSend={onSend} advancedAvailable={config.data?.advancedAvailable ?? false} />
      </section>
      {wide ? (
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
      <QuotaDialog />
    </div>
  );
}
