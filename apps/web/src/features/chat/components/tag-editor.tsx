import { CHAT_LIMITS, tagPromptProblem, tagTitleProblem } from '@chuhai/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { MarkdownEditor } from '../../../components/markdown/markdown-editor';

/** A tag being written: new (no id) or one of the user's own. */
export type EditingTag = { id?: number; msgTagTitleName: string; prompt: string };

/** Create or edit a prompt tag: a title and a Markdown prompt, checked with the server's rules. */
export default function TagEditor(props: {
  tag: EditingTag;
  saving: boolean;
  onCancel: () => void;
  onSave: (tag: EditingTag) => Promise<void>;
}) {
  const [title, setTitle] = useState(props.tag.msgTagTitleName);
  const [prompt, setPrompt] = useState(props.tag.prompt);
  const [touched, setTouched] = useState(false);
  const titleError = touched ? tagTitleProblem(title) : null;
  const promptError = touched ? tagPromptProblem(prompt) : null;

  const submit = async () => {
    setTouched(true);
    if (tagTitleProblem(title) || tagPromptProblem(prompt)) return;
    try {
      await props.onSave({
        ...(props.tag.id ? { id: props.tag.id } : {}),
        msgTagTitleName: title.trim(),
        prompt,
      });
    } catch {
      // The API client has already shown the server's reason; the editor stays open with the text.
    }
  };

  return (
    <Modal
      open
      title={props.tag.id ? '编辑标签' : '新建标签'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      onCancel={props.onCancel}
      confirmLoading={props.saving}
      width={760}
      destroyOnHidden
      maskClosable={false}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="标签名称"
          validateStatus={titleError ? 'error' : undefined}
          help={titleError}
          required
        >
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="例如：德语客服回复"
            showCount
            maxLength={CHAT_LIMITS.tagTitleMaxLength}
            aria-label="标签名称"
          />
        </Form.Item>
        <Form.Item
          label="提示词（作为系统提示发送给 AI，支持 Markdown）"
          validateStatus={promptError ? 'error' : undefined}
          help={promptError ?? `${prompt.length}/${CHAT_LIMITS.tagPromptMaxLength}`}
          required
        >
          <MarkdownEditor
            value={prompt}
            onChange={setPrompt}
            placeholder="描述 AI 的角色、任务、要求和输出格式…"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
