import type { AdminLibraryPrompt, LibraryPromptBody } from '@chuhai/contract';
import { App, Button, Collapse, Form, Input, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDeletePrompt } from '../api/delete-prompt';
import { useAdminLibrary } from '../api/get-admin-library';
import { useSavePrompt } from '../api/save-prompt';
import { usePhoneWidth } from '../use-phone-width';
import { ReadOnlyNote } from './read-only-note';
import { SortOrderRow } from './sort-order-row';

const MarkdownEditor = lazy(() =>
  import('../../../components/markdown/markdown-editor').then((m) => ({ default: m.MarkdownEditor })),
);

/**
 * 提示词库: the library every seller sees in AI 问答, by category; users' own tags are theirs alone.
 * 客服 sees the list; adding, editing and deleting are an admin's (the server refuses anyone else).
 */
export function LibrarySection({ canEdit }: { canEdit: boolean }) {
  const library = useAdminLibrary();
  const remove = useDeletePrompt();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<AdminLibraryPrompt | 'new' | null>(null);
  // On a phone the title, whether it shows and the buttons fit; 说明 is in the editor. 客服 has no
  // buttons and no editor, so 说明 takes the buttons' place.
  const phone = usePhoneWidth();
  const categories = library.data ?? [];
  const actionsColumn = {
    title: '',
    key: 'actions',
    width: 130,
    render: (_: unknown, p: AdminLibraryPrompt) => (
      <>
        <Button size="small" type="link" onClick={() => setEditing(p)} aria-label={`编辑${p.title}`}>
          编辑
        </Button>
        <Popconfirm
          title="删除这条提示词？"
          onConfirm={() => remove.mutate(p.id, { onSuccess: () => void message.success('提示词已删除') })}
        >
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      </>
    ),
  };
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>提示词库</h2>
        {canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')} disabled={categories.length === 0}>
            新增提示词
          </Button>
        ) : (
          <ReadOnlyNote />
        )}
      </div>
      <Collapse
        items={categories.map((c) => ({
          key: c.id,
          label: (
            <>
              {c.name} <span className="muted">（{c.prompts.length}）</span>
            </>
          ),
          children: (
            <Table<AdminLibraryPrompt>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={c.prompts}
              columns={[
                ...(phone ? [] : [{ title: '排序', dataIndex: 'sortOrder', width: 64 }]),
                { title: '标题', dataIndex: 'title' },
                ...(phone && canEdit ? [] : [{ title: '说明', dataIndex: 'summary', ellipsis: true }]),
                {
                  title: '状态',
                  dataIndex: 'enabled',
                  width: 80,
                  render: (on: boolean) => (on ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>),
                },
                ...(canEdit ? [actionsColumn] : []),
              ]}
            />
          ),
        }))}
      />
      {canEdit ? (
        <PromptModal
          prompt={editing}
          categories={categories.map((c) => ({ value: c.id, label: c.name }))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function PromptModal(props: {
  prompt: AdminLibraryPrompt | 'new' | null;
  categories: { value: string; label: string }[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<LibraryPromptBody>();
  const save = useSavePrompt();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const { prompt } = props;
  useEffect(() => {
    if (!prompt) return;
    form.resetFields();
    if (prompt === 'new') {
      setText('');
      form.setFieldsValue({ categoryId: props.categories[0]?.value });
    } else {
      setText(prompt.prompt);
      form.setFieldsValue(prompt);
    }
  }, [prompt, form, props.categories]);

  const submit = (values: LibraryPromptBody) =>
    save.mutate(
      {
        id: prompt && prompt !== 'new' ? prompt.id : null,
        body: { ...values, summary: values.summary ?? '', prompt: text },
      },
      {
        onSuccess: () => {
          void message.success('提示词已保存');
          props.onClose();
        },
      },
    );

  return (
    <Modal
      open={prompt !== null}
      title={prompt === 'new' ? '新增提示词' : '编辑提示词'}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText="保存"
      okButtonProps={{ disabled: !text.trim() }}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
    >
      <Form<LibraryPromptBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ enabled: true, sortOrder: 100 }}
      >
        <div className="admin-form-row">
          <Form.Item name="categoryId" label="分类" rules={[{ required: true }]}>
            <Select options={props.categories} aria-label="分类" />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={[{ required: true, max: 20 }]}>
            <Input />
          </Form.Item>
        </div>
        <Form.Item name="summary" label="一句话说明" rules={[{ max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item label="提示词（作为系统提示发给 AI）" required>
          <Suspense
            fallback={<Input.TextArea value={text} onChange={(e) => setText(e.target.value)} rows={10} />}
          >
            <MarkdownEditor value={text} onChange={setText} height={300} />
          </Suspense>
        </Form.Item>
        <SortOrderRow shownLabel="显示" />
      </Form>
    </Modal>
  );
}
