import {
  CloseOutlined,
  CrownOutlined,
  PauseCircleOutlined,
  SendOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { CHAT_LIMITS, questionProblem } from '@chuhai/contract';
import { Button, Input, Segmented, Tag, Tooltip } from 'antd';
import type { KeyboardEvent } from 'react';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { useAuthStore } from '../../../stores/auth-store';
import { useChatStore } from '../stores/chat-store';
import { useCoarsePointer } from '../use-coarse-pointer';
import '../chat.css';

/** Today's chat uses left, from the account info the nav popover also reads. */
function RemainingUses() {
  const info = useAccountInfo({ noError: true });
  const chat = info.data?.usage.find((u) => u.feature === 'chat');
  if (!chat) return null;
  const left = Math.max(0, chat.limit - chat.used);
  return (
    <span className={`chat-composer__quota${left === 0 ? ' chat-composer__quota--out' : ''}`}>
      今日剩余 {left}/{chat.limit} 次
    </span>
  );
}

/**
 * Where the question is written: Enter sends, Shift+Enter adds a line (and Enter while an input
 * method is composing Chinese only confirms the characters). On a touch screen Enter adds a line and
 * the 发送 button sends: a phone's keyboard has no Shift+Enter, and its return key is where a seller
 * breaks a product description into lines. The model switch, the chosen tag and the stop button
 * live here too.
 */
export function Composer(props: { onSend: (question: string) => void; advancedAvailable: boolean }) {
  const token = useAuthStore((s) => s.token);
  const draft = useChatStore((s) => s.draft);
  const chatType = useChatStore((s) => s.chatType);
  const tag = useChatStore((s) => s.tag);
  const busy = useChatStore((s) => s.pending !== null && s.pending.phase !== 'failed');
  const { setDraft, setChatType, setTag, stop } = useChatStore.getState();
  const tooLong = draft.length > CHAT_LIMITS.questionMaxLength;
  const touch = useCoarsePointer();

  const send = () => {
    if (!token || busy || questionProblem(draft)) return;
    props.onSend(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (touch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className="chat-composer">
      <div className="chat-composer__tools">
        <Segmented<1 | 2>
          size="small"
          value={chatType}
          onChange={setChatType}
          options={[
            { value: 1, label: '标准模型' },
            {
              value: 2,
              label: (
                <Tooltip title={props.advancedAvailable ? 'VIP 专享，回答更深入' : '高级模型暂未开放'}>
                  <span>
                    <CrownOutlined /> 高级模型 VIP
                  </span>
                </Tooltip>
              ),
              disabled: !props.advancedAvailable,
            },
          ]}
          aria-label="选择模型"
        />
        {tag ? (
          <Tag
            icon={<TagOutlined />}
            color="blue"
            closable
            closeIcon={<CloseOutlined aria-label="取消使用提示词" />}
            onClose={() => setTag(null)}
          >
            {tag.title}
          </Tag>
        ) : null}
        <span className="chat-composer__spacer" />
        {token ? <RemainingUses /> : null}
      </div>
      <div className="chat-composer__box">
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={
            tag
              ? `已选「${tag.title}」，输入产品信息或问题…`
              : touch
                ? '输入问题，回车换行，点「发送」提问'
                : '输入问题，Enter 发送，Shift+Enter 换行'
          }
          aria-label="问题"
          status={tooLong ? 'error' : undefined}
        />
        <div className="chat-composer__send">
          {tooLong ? (
            <span className="chat-composer__count chat-composer__count--over">
              {draft.length}/{CHAT_LIMITS.questionMaxLength}
            </span>
          ) : null}
          {!token ? (
            <SignInButton label="登录后提问" />
          ) : busy ? (
            // Keys keep the two buttons apart: reusing one would fade the red of 停止 into 发送.
            <Button key="stop" danger icon={<PauseCircleOutlined />} onClick={stop}>
              停止生成
            </Button>
          ) : (
            <Button
              key="send"
              type="primary"
              icon={<SendOutlined />}
              onClick={send}
              disabled={Boolean(questionProblem(draft))}
            >
              发送
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
