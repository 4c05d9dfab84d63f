import { CopyOutlined, CrownOutlined, RedoOutlined, RobotOutlined, TagOutlined } from '@ant-design/icons';
import { CHAT_TYPE, type ChatMessage } from '@chuhai/contract';
import { App, Button, Tag, Tooltip } from 'antd';
import { memo } from 'react';
import { MarkdownView } from '../../../components/markdown/markdown-view';

/** The question as the user typed it: plain text, line breaks kept. */
export function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="chat-row chat-row--question">
      <div className="chat-question">{text}</div>
    </div>
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
    <article className="chat-exchange" aria-label="问答">
      <QuestionBubble text={message.content} />
      <div className="chat-row chat-row--answer">
        <span className="chat-avatar" aria-hidden>
          <RobotOutlined />
        </span>
        <div className="chat-answer">
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
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  onClick={copy}
                  aria-label="复制回答"
                />
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
        </div>
      </div>
    </article>
  );
});
