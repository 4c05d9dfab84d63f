import type { ChatMessage } from '@chuhai/contract';
import { Alert, Skeleton } from 'antd';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { useMsgList } from '../api/get-msg-list';
import { useChatStore } from '../stores/chat-store';
import { EmptyChat } from './empty-chat';
import { MessageItem } from './message-item';
import { PendingAnswer } from './pending-answer';
import '../chat.css';

/** The finished exchanges. Memoised on the list itself, so streaming text never re-renders history. */
const MessageList = memo(function MessageList(props: {
  messages: readonly ChatMessage[];
  canRegenerate: boolean;
  onRegenerate: (message: ChatMessage) => void;
}) {
  return props.messages.map((message, index) => (
    <MessageItem
      key={message.id}
      message={message}
      {...(props.canRegenerate && index === props.messages.length - 1
        ? { onRegenerate: props.onRegenerate }
        : {})}
    />
  ));
});

/**
 * The conversation, scrolled to the newest text while the reader is at the bottom; someone who has
 * scrolled up to read is left where they are.
 */
export function ConversationView(props: {
  onRegenerate: (message: ChatMessage) => void;
  onRetry: (question: string) => void;
  onExample: (question: string) => void;
}) {
  const signedIn = useAuthStore((s) => s.token !== null);
  const list = useMsgList();
  const pending = useChatStore((s) => s.pending);
  const notice = useChatStore((s) => s.notice);
  const pendingText = pending?.text ?? '';
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const messages = list.data?.list ?? [];
  // A regenerated answer leaves the list while its replacement is written.
  const shown = pending?.replaces ? messages.filter((m) => m.id !== pending.replaces) : messages;

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever content grows
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [shown.length, pendingText, pending?.phase, notice]);

  const empty = shown.length === 0 && !pending;
  return (
    <div className="chat-scroll" ref={scroller}>
      <div className="chat-thread">
        {signedIn && list.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
        {empty && !(signedIn && list.isPending) ? <EmptyChat onExample={props.onExample} /> : null}
        <MessageList messages={shown} canRegenerate={!pending} onRegenerate={props.onRegenerate} />
        <PendingAnswer onRetry={props.onRetry} />
        {notice ? (
          <Alert
            type="warning"
            showIcon
            title={notice}
            closable={{ onClose: () => useChatStore.getState().setNotice(null) }}
          />
        ) : null}
      </div>
    </div>
  );
}
