import { Alert, Button, Space } from 'antd';
import { MarkdownView } from '../../../components/markdown/markdown-view';
import { useChatStore } from '../stores/chat-store';
import { AnswerMeta, ExchangeFrame } from './message-item';
import '../chat.css';

/** The exchange being answered: thinking, text growing as it streams, or why it failed. */
export function PendingAnswer(props: { onRetry: (question: string) => void }) {
  const pending = useChatStore((s) => s.pending);
  if (!pending) return null;

  return (
    <ExchangeFrame label="正在回答" question={pending.question} live={{ busy: pending.phase !== 'failed' }}>
      {pending.phase === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="这次没有得到回答"
          description={pending.error}
          action={
            <Space orientation="vertical">
              <Button size="small" type="primary" onClick={() => props.onRetry(pending.question)}>
                重试
              </Button>
              <Button size="small" onClick={() => useChatStore.getState().finish()}>
                关闭
              </Button>
            </Space>
          }
        />
      ) : pending.text ? (
        <div className="chat-answer__streaming">
          <MarkdownView source={pending.text} />
        </div>
      ) : (
        <p className="chat-thinking">
          正在思考
          <span className="chat-thinking__dots" />
        </p>
      )}
      {pending.phase !== 'failed' ? (
        <footer className="chat-answer__footer">
          <AnswerMeta chatType={pending.chatType} tagTitle={pending.tagTitle} />
        </footer>
      ) : null}
    </ExchangeFrame>
  );
}
