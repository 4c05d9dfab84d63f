import { CopyOutlined, CrownOutlined, RedoOutlined, RobotOutlined, TagOutlined } from '@ant-design/icons';
import { CHAT_TYPE, type ChatMessage } from '@chuhai/contract';
import { App, Button, Tag, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import { MarkdownView } from '../../../components/markdown/markdown-view';
import '../chat.css';

/** The question as the user typed it: plain text, line breaks kept. */
export function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="chat-row chat-row--question">
      <div className="chat-question">{text}</div>
    </div>
  );
}

/** One exchange: the question on the right, the assistant's answer (the children) on the left. */
export function ExchangeFrame(props: {
  label: string;
  question: string;
  /** While an answer streams in, screen readers hear it as it grows. */
  live?: { busy: boolean };
  children: ReactNode;
}) {
  return (
    <article className="chat-exchange" aria-label={props.label}>
      <QuestionBubble text={props.question} />
      <div className="chat-row chat-row--answer">
        <span className="chat-avatar" aria-hidden>
          <RobotOutlined />
        </span>
        <div
          className="chat-answer"
          aria-live={props.live ? 'polite' : undefined}
          aria-busy={props.live ? props.live.busy : undefined}
        >
          {props.children}
        </div>
      </div>
    </article>
  );
}

/** Model, tag and status under an answer. */
export function AnswerMeta(props: { chatType: number; tagTitle: string | null; stopped?: boolean }) {
  return (
    <span className="chat-answer__meta">
      {props.chatType === CHAT_TYPE.advanced ? (
        <Tag icon={<CrownOutlined />} color="gold" bordered={false}>
          高级模型
        </Tag>
      ) : null}
      {props.tagTitle ? (
        <Tag icon={<TagOutlined />} bordered={false}>
          {props.tagTitle}
        </Tag>
      ) : null}
      {props.stopped ? (
        <Tag color="orange" bordered={false}>
          已停止
        </Tag>
      ) : null}
    </span>
  );
}

/** One finished exchange. Memoised: a streaming answer below never re-renders it. */
export const MessageItem = memo(function MessageItem(props: {
  message: ChatMessage;
  onRegenerate?: (message: ChatMessage) => void;
}) {
  const { message } = props;
  const { message: toast } = App.useApp();
  const copy = () =>
    navigator.clipboard?.writeText(message.answer).then(
      () => toast.success('已复制回答'),
      () => toast.error('复制失败，请手动选择文字复制'),
    );

  return (
    <ExchangeFrame label="问答" question={message.content}>
      {message.answer ? (
        <MarkdownView source={message.answer} />
      ) : (
        <p className="chat-answer__empty">（没有生成内容）</p>
      )}
      <footer className="chat-answer__footer">
        <AnswerMeta
          chatType={message.chatType}
          tagTitle={message.tagTitle}
          stopped={message.status === 'stopped'}
        />
        <span className="chat-answer__actions">
          <Tooltip title="复制回答">
            <Button size="small" type="text" icon={<CopyOutlined />} onClick={copy} aria-label="复制回答" />
          </Tooltip>
          {props.onRegenerate ? (
            <Button
              size="small"
              type="text"
              icon={<RedoOutlined />}
              onClick={() => props.onRegenerate?.(message)}
            >
              重新生成
            </Button>
          ) : null}
        </span>
      </footer>
    </ExchangeFrame>
  );
});
