import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { type ChatMessage, PAGE_SIZE } from '@chuhai/contract';
import { App, Button, Empty, Input, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MarkdownView } from '../../../components/markdown/markdown-view';
import { PageFrame } from '../../../components/ui/page-frame';
import { serverPaging } from '../../../components/ui/table-paging';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useDeleteMsg } from '../api/delete-msg';
import { useMsgHistoryList } from '../api/get-msg-history-list';
import { useMsgClear } from '../api/msg-clear';
import { useOpenConversation } from '../api/open-conversation';
import { AnswerMeta } from './message-item';
import '../chat.css';

/** First characters of an answer, Markdown marks removed, for the table. */
function preview(text: string): string {
  return text
    .replace(/[#*_`>|[\]()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/** 问答历史: search, pages, open (and continue its conversation), delete one or many, clear everything. */
export function HistoryScreen() {
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<ChatMessage | null>(null);
  const history = useMsgHistoryList({ pageNo, keyword });
  const remove = useDeleteMsg();
  const clear = useMsgClear();
  const resume = useOpenConversation();
  const navigate = useNavigate();
  const { message } = App.useApp();

  /** The exchange's conversation becomes the current one, and the chat shows it. */
  const continueConversation = async (exchange: ChatMessage) => {
    try {
      await resume.mutateAsync(exchange.conversationId);
    } catch {
      return; // the API client has said why
    }
    navigate(paths.question.getHref());
  };

  const deleteIds = async (ids: number[]) => {
    const { deleted } = await remove.mutateAsync(ids);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    message.success(`已删除 ${deleted} 条`);
    const left = (history.data?.total ?? 0) - deleted;
    if (pageNo > 1 && (pageNo - 1) * PAGE_SIZE.messages >= left) setPageNo(pageNo - 1);
  };

  const columns: TableColumnsType<ChatMessage> = [
    {
      title: '问题',
      dataIndex: 'content',
      render: (content: string, row) => (
        <button type="button" className="history-question" onClick={() => setOpen(row)}>
          {content}
        </button>
      ),
    },
    {
      title: '回答',
      dataIndex: 'answer',
      responsive: ['md'],
      render: (answer: string) => <span className="muted">{preview(answer) || '（没有生成内容）'}</span>,
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['sm'],
      render: (at: number) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            查看
          </Button>
          <Popconfirm
            title="删除这条问答？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => deleteIds([row.id])}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title="问答历史"
      lead="逐条查找和管理过去的问答；打开一条，可以回到它所在的对话继续提问。"
      wide
      extra={
        <Link to={paths.question.getHref()}>
          <Button type="primary" icon={<MessageOutlined />}>
            继续提问
          </Button>
        </Link>
      }
    >
      <div className="history-toolbar">
        <Input.Search
          placeholder="搜索问题或回答"
          allowClear
          enterButton="搜索"
          onSearch={(value) => {
            setKeyword(value);
            setPageNo(1);
            setSelected([]);
          }}
          aria-label="搜索问答"
          className="history-search"
        />
        <Space wrap>
          <Popconfirm
            title={`删除选中的 ${selected.length} 条问答？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => deleteIds(selected)}
            disabled={selected.length === 0}
          >
            <Button icon={<DeleteOutlined />} disabled={selected.length === 0}>
              删除所选{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Popconfirm>
          <Popconfirm
            title="清空全部问答历史？"
            description="清空后无法恢复。"
            okText="清空"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={async () => {
              const { deleted } = await clear.mutateAsync(true);
              setSelected([]);
              setPageNo(1);
              message.success(`已清空 ${deleted} 条问答`);
            }}
            disabled={!history.data?.total}
          >
            <Button danger disabled={!history.data?.total}>
              清空全部
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <Table<ChatMessage>
        rowKey="id"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{
          emptyText: <Empty description={keyword ? `没有包含「${keyword}」的问答` : '还没有问答记录'} />,
        }}
        pagination={serverPaging(
          'messages',
          { pageNo, onPage: setPageNo, total: history.data?.total },
          { showTotal: (total) => `共 ${total} 条` },
        )}
      />
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        width={760}
        title="问答详情"
        footer={
          <Space>
            <Button onClick={() => setOpen(null)}>关闭</Button>
            <Button
              type="primary"
              icon={<MessageOutlined />}
              loading={resume.isPending}
              onClick={() => open && continueConversation(open)}
            >
              继续这个对话
            </Button>
          </Space>
        }
      >
        {open ? (
          <div className="history-detail">
            <p className="muted">{formatDateTime(open.createdAt)}</p>
            <div className="chat-question chat-question--block">{open.content}</div>
            <MarkdownView source={open.answer || '（没有生成内容）'} />
            <AnswerMeta
              chatType={open.chatType}
              tagTitle={open.tagTitle}
              stopped={open.status === 'stopped'}
            />
          </div>
        ) : null}
      </Modal>
    </PageFrame>
  );
}
