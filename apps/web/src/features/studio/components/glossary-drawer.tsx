import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  GLOSSARY_ALL_LANGUAGES,
  GLOSSARY_TARGETS,
  type GlossaryEntry,
  glossaryEntryProblem,
  glossaryTargetName,
  TRANSLATE_LIMITS,
} from '@chuhai/contract';
import { App, Button, Drawer, Empty, Form, Input, Popconfirm, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { SignedOutNotice } from '../../../components/ui/sign-in-prompt';
import { useAuthStore } from '../../../stores/auth-store';
import { useAddGlossaryEntry } from '../api/add-glossary-entry';
import { useDeleteGlossaryEntry } from '../api/delete-glossary-entry';
import { useEditGlossaryEntry } from '../api/edit-glossary-entry';
import { useGlossary } from '../api/get-glossary';
import '../studio.css';
import '../glossary.css';

interface Draft {
  source: string;
  target: string;
  translation: string;
}

const EMPTY: Draft = { source: '', target: GLOSSARY_ALL_LANGUAGES, translation: '' };

/**
 * 图片翻译's 术语表: the seller's stored terms, listed, added, edited and deleted in a drawer. Each
 * translation uses them without being asked: a term without a translation is kept as it is, one
 * with a translation is written that way in its language.
 */
export function GlossaryDrawer(props: { open: boolean; onClose: () => void }) {
  const signedIn = Boolean(useAuthStore((s) => s.token));
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title="术语表"
      size="min(520px, 100vw)"
      className="glossary-drawer"
    >
      {signedIn ? <GlossaryEditor /> : <SignedOutNotice title="登录后保存你的术语表" />}
    </Drawer>
  );
}

function GlossaryEditor() {
  const glossary = useGlossary();
  const add = useAddGlossaryEntry();
  const edit = useEditGlossaryEntry();
  const remove = useDeleteGlossaryEntry();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const entries = glossary.data ?? [];
  const full = editing === null && entries.length >= TRANSLATE_LIMITS.glossaryEntries;
  const body = { source: draft.source, target: draft.target, translation: draft.translation || null };
  const problem = (touched ? glossaryEntryProblem(body) : null) ?? refused;
  const saving = add.isPending || edit.isPending;

  const reset = () => {
    setDraft(EMPTY);
    setEditing(null);
    setTouched(false);
    setRefused(null);
  };
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setRefused(null);
  };

  const save = async () => {
    setTouched(true);
    if (glossaryEntryProblem(body) || full) return;
    try {
      if (editing === null) await add.mutateAsync(body);
      else await edit.mutateAsync({ id: editing, ...body });
      message.success(editing === null ? '已加入术语表' : '术语已保存');
      reset();
    } catch (failure) {
      // Under the form, which keeps what was typed (a blocked word is not toasted by the client).
      setRefused((failure as { msg?: string }).msg ?? '保存失败，请稍后再试');
    }
  };

  const startEditing = (entry: GlossaryEntry) => {
    setEditing(entry.id);
    setTouched(false);
    setRefused(null);
    setDraft({ source: entry.source, target: entry.target, translation: entry.translation ?? '' });
  };

  const removeEntry = async (entry: GlossaryEntry) => {
    try {
      await remove.mutateAsync(entry.id);
      message.success('术语已删除');
      if (editing === entry.id) reset();
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <div className="glossary">
      <p className="muted glossary__intro">
        每次图片翻译都会自动使用：译文留空的词<strong>保持原文</strong>（品牌、型号），填了译文的词一律
        <strong>按你的译法</strong>。可以只用于某一种语言。
      </p>
      <Form layout="vertical" component="div" className="glossary-form">
        <div className="glossary-form__row">
          <Form.Item label="原文" required className="glossary-form__source">
            <Input
              value={draft.source}
              onChange={(e) => change({ source: e.target.value })}
              onPressEnter={() => void save()}
              placeholder="图片上的文字，如：小米、加绒"
              maxLength={TRANSLATE_LIMITS.glossarySourceLength}
              aria-label="原文"
            />
          </Form.Item>
          <Form.Item label="用于" className="glossary-form__target">
            <Select
              value={draft.target}
              onChange={(target) => change({ target })}
              options={GLOSSARY_TARGETS.map((t) => ({ value: t.code, label: t.name }))}
              aria-label="用于哪种语言"
            />
          </Form.Item>
        </div>
        <Form.Item label="译文" extra="留空 = 保持原文，不翻译">
          <Input
            value={draft.translation}
            onChange={(e) => change({ translation: e.target.value })}
            onPressEnter={() => void save()}
            placeholder="保持原文"
            maxLength={TRANSLATE_LIMITS.glossaryTranslationLength}
            aria-label="译文"
          />
        </Form.Item>
        {problem ? (
          <p className="glossary-form__problem" role="alert">
            {problem}
          </p>
        ) : null}
        {full ? (
          <p className="glossary-form__problem" role="alert">
            术语表最多 {TRANSLATE_LIMITS.glossaryEntries} 条，请先删除不用的术语
          </p>
        ) : null}
        <div className="glossary-form__actions">
          <Button type="primary" loading={saving} disabled={full} onClick={() => void save()}>
            {editing === null ? '加入术语表' : '保存修改'}
          </Button>
          {editing !== null ? <Button onClick={reset}>取消编辑</Button> : null}
        </div>
      </Form>

      <h3 className="glossary__count">
        已存 {entries.length}/{TRANSLATE_LIMITS.glossaryEntries} 条
      </h3>
      {glossary.isPending ? <Skeleton active /> : null}
      {!glossary.isPending && entries.length === 0 ? (
        <Empty description="还没有术语。把品牌名、型号或固定的译法加进来，之后每次翻译都会用上。" />
      ) : null}
      {entries.length > 0 ? (
        <ul className="glossary-list" aria-label="术语列表">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={
                editing === entry.id ? 'glossary-list__item glossary-list__item--editing' : undefined
              }
            >
              <div className="glossary-list__text">
                <span className="glossary-list__source">{entry.source}</span>
                <span aria-hidden="true" className="muted">
                  →
                </span>
                {entry.translation === null ? (
                  <Tag color="blue">保持原文</Tag>
                ) : (
                  <span className="glossary-list__translation">{entry.translation}</span>
                )}
                <Tag>{glossaryTargetName(entry.target)}</Tag>
              </div>
              <div className="glossary-list__actions">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`编辑「${entry.source}」`}
                  onClick={() => startEditing(entry)}
                />
                <Popconfirm
                  title={`删除「${entry.source}」？`}
                  okText="确认删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeEntry(entry)}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除「${entry.source}」`}
                  />
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
