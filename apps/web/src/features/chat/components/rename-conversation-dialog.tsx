import { CHAT_LIMITS, type Conversation, conversationTitleProblem } from '@chuhai/contract';
import { App, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useRenameConversation } from '../api/rename-conversation';
import '../chat.css';

/** 重命名对话: the seller's own name, checked with the server's rule before it is sent. */
export function RenameConversationDialog(props: { conversation: Conversation | null; onClose: () => void }) {
  const { conversation } = props;
  const [title, setTitle] = useState('');
  const [tried, setTried] = useState(false);
  const rename = useRenameConversation();
  const { message } = App.useApp();

  useEffect(() => {
    if (conversation) {
      setTitle(conversation.title);
      setTried(false);
    }
  }, [conversation]);

  const problem = conversationTitleProblem(title);
  const save = async () => {
    setTried(true);
    if (!conversation || problem) return;
    try {
      await rename.mutateAsync({ id: conversation.id, title });
    } catch {
      return; // the API client has said why; the dialog stays open with what was typed
    }
    message.success('已重命名');
    props.onClose();
  };

  return (
    <Modal
      open={conversation !== null}
      title="重命名对话"
      okText="保存"
      cancelText="取消"
      onOk={save}
      onCancel={props.onClose}
      confirmLoading={rename.isPending}
      destroyOnHidden
    >
      <Input
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onPressEnter={save}
        aria-label="对话名称"
        status={tried && problem ? 'error' : undefined}
        count={{ show: true, max: CHAT_LIMITS.conversationTitleMaxLength }}
        autoFocus
      />
      {tried && problem ? (
        <p className="conversation-rename__error" role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
