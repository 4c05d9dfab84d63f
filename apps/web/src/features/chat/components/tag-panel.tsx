import { DeleteOutlined, EditOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import type { LibraryPrompt, MsgTag } from '@chuhai/contract';
import { App, Button, Collapse, Empty, Input, Popconfirm, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuthStore } from '../../../stores/auth-store';
import { usePromptLibrary } from '../api/get-msg-tag-category-list';
import { useDeleteMsgTag, useMsgTags, useSaveMsgTag } from '../api/msg-tags';
import { type ChosenTag, useChatStore } from '../stores/chat-store';
import '../chat.css';

// The Markdown editor is large; it loads only when someone opens the tag editor.
import type { EditingTag } from './tag-editor';

const TagEditor = lazy(() => import('./tag-editor'));

function LibraryItem(props: { prompt: LibraryPrompt; onUse: () => void; onSave?: () => void }) {
  return (
    <li className="tag-item">
      <div className="tag-item__text">
        <strong>{props.prompt.msgTagTitleName}</strong>
        <span>{props.prompt.summary}</span>
      </div>
      <div className="tag-item__actions">
        <Button size="small" type="primary" ghost onClick={props.onUse}>
          使用
        </Button>
        {props.onSave ? (
          <Button
            size="small"
            type="text"
            icon={<StarOutlined />}
            onClick={props.onSave}
            aria-label={`将「${props.prompt.msgTagTitleName}」存为我的标签`}
          />
        ) : null}
      </div>
    </li>
  );
}

function LibraryTab(props: { onUse: (tag: ChosenTag) => void; onSave: (tag: EditingTag) => void }) {
  const library = usePromptLibrary();
  const signedIn = useAuthStore((s) => s.token !== null);
  const [keyword, setKeyword] = useState('');
  const categories = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (library.data ?? [])
      .map((c) => ({
        ...c,
        prompts: k
          ? c.prompts.filter((p) => `${p.msgTagTitleName}${p.summary}`.toLowerCase().includes(k))
          : c.prompts,
      }))
      .filter((c) => c.prompts.length > 0);
  }, [library.data, keyword]);

  if (library.isPending) return <Skeleton active />;
  return (
    <div className="tag-tab">
      <Input.Search
        placeholder="搜索提示词"
        allowClear
        onChange={(e) => setKeyword(e.target.value)}
        aria-label="搜索提示词"
      />
      {categories.length === 0 ? <Empty description="没有找到相关提示词" /> : null}
      <Collapse
        accordion
        ghost
        size="small"
        defaultActiveKey={categories[0]?.id}
        {...(keyword ? { activeKey: categories.map((c) => c.id) } : {})}
        items={categories.map((category) => ({
          key: category.id,
          label: `${category.name}（${category.prompts.length}）`,
          children: (
            <ul className="plain-list tag-list">
              {category.prompts.map((prompt) => (
                <LibraryItem
                  key={prompt.id}
                  prompt={prompt}
                  onUse={() => props.onUse({ id: prompt.id, title: prompt.msgTagTitleName })}
                  {...(signedIn
                    ? {
                        onSave: () =>
                          props.onSave({ msgTagTitleName: prompt.msgTagTitleName, prompt: prompt.prompt }),
                      }
                    : {})}
                />
              ))}
            </ul>
          ),
        }))}
      />
    </div>
  );
}

function MyTagsTab(props: { onUse: (tag: ChosenTag) => void; onEdit: (tag: EditingTag) => void }) {
  const tags = useMsgTags();
  const signedIn = useAuthStore((s) => s.token !== null);
  const remove = useDeleteMsgTag();
  const { message } = App.useApp();
  const chosen = useChatStore((s) => s.tag);

  if (!signedIn) return <Empty description="登录后可以保存自己的提示词标签" />;
  if (tags.isPending) return <Skeleton active />;
  const list: MsgTag[] = tags.data?.list ?? [];
  return (
    <div className="tag-tab">
      <Button block icon={<PlusOutlined />} onClick={() => props.onEdit({ msgTagTitleName: '', prompt: '' })}>
        新建标签
      </Button>
      {list.length === 0 ? <Empty description="还没有标签：新建一个，或在提示词库里点☆收藏" /> : null}
      <ul className="plain-list tag-list">
        {list.map((tag) => (
          <li key={tag.id} className="tag-item">
            <div className="tag-item__text">
              <strong>{tag.msgTagTitleName}</strong>
              <span>{tag.prompt.slice(0, 60)}</span>
            </div>
            <div className="tag-item__actions">
              <Button
                size="small"
                type="primary"
                ghost
                onClick={() => props.onUse({ id: tag.id, title: tag.msgTagTitleName })}
              >
                使用
              </Button>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                onClick={() => props.onEdit(tag)}
                aria-label={`编辑「${tag.msgTagTitleName}」`}
              />
              <Popconfirm
                title={`删除标签「${tag.msgTagTitleName}」？`}
                okText="删除"
                cancelText="取消"
                onConfirm={async () => {
                  await remove.mutateAsync([tag.id]);
                  if (chosen?.id === tag.id) useChatStore.getState().setTag(null);
                  message.success('标签已删除');
                }}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除「${tag.msgTagTitleName}」`}
                />
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The prompt library by category and the user's own tags; choosing one sets the next question's system prompt. */
export function TagPanel(props: { onChosen?: () => void }) {
  const [editing, setEditing] = useState<EditingTag | null>(null);
  const [tab, setTab] = useState('library');
  const save = useSaveMsgTag();
  const { message } = App.useApp();
  const use = (tag: ChosenTag) => {
    useChatStore.getState().setTag(tag);
    message.success(`已选用「${tag.title}」，接下来的提问会按它回答`);
    props.onChosen?.();
  };

  return (
    <div className="tag-panel">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'library', label: '提示词库', children: <LibraryTab onUse={use} onSave={setEditing} /> },
          { key: 'mine', label: '我的标签', children: <MyTagsTab onUse={use} onEdit={setEditing} /> },
        ]}
      />
      {editing ? (
        <Suspense fallback={null}>
          <TagEditor
            tag={editing}
            saving={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={async (tag) => {
              await save.mutateAsync(tag);
              message.success(tag.id ? '标签已更新' : '标签已保存到「我的标签」');
              setEditing(null);
              setTab('mine');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
