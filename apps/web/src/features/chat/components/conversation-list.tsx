import { HistoryOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Conversation } from '@chuhai/contract';
import { App, Button, Empty, Input, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useConversations } from '../api/get-conversations';
import { groupByDay } from '../group-by-day';
import { ConversationItem } from './conversation-item';
import { RenameConversationDialog } from './rename-conversation-dialog';
import '../chat.css';

/** The keyword once typing has paused, so a search is not sent per keystroke. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * 对话记录: 新对话, a search, and the past conversations grouped by day. Choosing one opens it in
 * the chat; each has 重命名 and 删除. Beside the chat on wide screens, in a drawer on phones.
 */
export function ConversationList(props: {
  /** An answer is being written: switching conversations waits for it. */
  busy: boolean;
  onNew: () => void;
  onOpen: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed.trim());
  const list = useConversations(keyword);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const { modal } = App.useApp();

  const items = useMemo(() => {
    // A conversation continued while later pages load moves up: each shows once.
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.list)
      .filter((c) => !seen.has(c.id) && seen.add(c.id));
  }, [list.data]);
  const groups = useMemo(() => groupByDay(items), [items]);

  const confirmDelete = (conversation: Conversation) =>
    modal.confirm({
      title: `删除对话「${conversation.title}」？`,
      content: `对话里的 ${conversation.exchanges} 条问答会一起删除，删除后无法恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => props.onDelete(conversation),
    });

  return (
    <div className="conversations">
      <div className="conversations__top">
        <Button
          type="primary"
          ghost
          block
          icon={<PlusOutlined />}
          onClick={props.onNew}
          disabled={props.busy}
        >
          新对话
        </Button>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="搜索对话"
          aria-label="搜索对话"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <div className="conversations__scroll">
        {list.isPending ? <Skeleton active title={false} paragraph={{ rows: 6 }} /> : null}
        {!list.isPending && items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={keyword ? `没有包含「${keyword}」的对话` : '还没有对话，提问后会出现在这里'}
          />
        ) : null}
        {groups.map((group) => (
          <section key={group.label} className="conversations__group" aria-label={group.label}>
            <h3>{group.label}</h3>
            <ul className="plain-list">
              {group.items.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  busy={props.busy}
                  onOpen={() => props.onOpen(conversation)}
                  onRename={() => setRenaming(conversation)}
                  onDelete={() => confirmDelete(conversation)}
                />
              ))}
            </ul>
          </section>
        ))}
        {list.hasNextPage ? (
          <Button type="link" block loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            加载更多
          </Button>
        ) : null}
      </div>
      <Link className="conversations__history" to={paths.questionHistory.getHref()}>
        <HistoryOutlined /> 问答历史
      </Link>
      <RenameConversationDialog conversation={renaming} onClose={() => setRenaming(null)} />
    </div>
  );
}
