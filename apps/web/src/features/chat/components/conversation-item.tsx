import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { Conversation } from '@chuhai/contract';
import { Button, Dropdown } from 'antd';
import { formatDateTime } from '../../../lib/format';
import '../chat.css';

/** One conversation of the list: its title opens it; 重命名 and 删除 sit behind its ⋯ button. */
export function ConversationItem(props: {
  conversation: Conversation;
  busy: boolean;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { conversation } = props;
  const className = `conversation-item${conversation.current ? ' conversation-item--current' : ''}`;
  return (
    <li className={className}>
      <button
        type="button"
        className="conversation-item__open"
        onClick={props.onOpen}
        // While an answer is written the chat stays where it is; the current one needs no opening.
        disabled={props.busy && !conversation.current}
        aria-current={conversation.current ? 'true' : undefined}
        title={`${conversation.title}\n${conversation.exchanges} 条问答 · ${formatDateTime(conversation.updatedAt)}`}
      >
        {conversation.title}
      </button>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        rootClassName="conversation-menu"
        menu={{
          items: [
            { key: 'rename', icon: <EditOutlined />, label: '重命名', onClick: props.onRename },
            {
              key: 'delete',
              icon: <DeleteOutlined />,
              label: '删除',
              danger: true,
              disabled: props.busy && conversation.current,
              onClick: props.onDelete,
            },
          ],
        }}
      >
        <Button
          size="small"
          type="text"
          className="conversation-item__more"
          icon={<MoreOutlined />}
          aria-label={`对话「${conversation.title}」的操作`}
        />
      </Dropdown>
    </li>
  );
}
