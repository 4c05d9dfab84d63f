import type { ChannelKind, ChannelView } from '@chuhai/contract';
import { Alert, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useProviderModels } from '../api/get-provider-models';

/** The first key typed in the form's 密钥 box, if any. */
const firstTypedKey = (keys: string | undefined) =>
  (keys ?? '')
    .split('\n')
    .map((key) => key.trim())
    .find(Boolean) ?? '';

/**
 * 提供的模型, typed, or picked from what the provider lists (获取模型列表). The server asks the
 * provider with the key typed above or, when that is empty on a saved channel, the stored key: the
 * key itself never comes to the browser.
 */
export function ChannelModelsField(props: { kind: ChannelKind; channel: ChannelView | null }) {
  const { kind, channel } = props;
  const form = Form.useFormInstance();
  const lookup = useProviderModels();
  const [offered, setOffered] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fetchModels = () => {
    const provider = form.getFieldValue('provider') as string;
    const baseUrl = ((form.getFieldValue('baseUrl') as string | undefined) ?? '').trim();
    if (!/^https?:\/\/\S+$/.test(baseUrl)) {
      setProblem('请先填写接口地址（http:// 或 https:// 开头）');
      return;
    }
    const key = firstTypedKey(form.getFieldValue('keys') as string | undefined);
    setProblem(null);
    lookup.mutate(
      { kind, provider, baseUrl, key, ...(key || !channel ? {} : { channelId: channel.id }) },
      {
        onSuccess: ({ models }) => {
          setOffered(models);
          setOpen(true);
        },
        onError: (error) => {
          setOffered(null);
          setProblem(error.message);
        },
      },
    );
  };

  const usesStoredKey = channel !== null && channel.keyTails.length > 0;
  return (
    <Form.Item
      label="提供的模型"
      extra={kind === 'chat' ? '留空表示接受任何模型名' : '图片渠道用第一个模型生成；留空用服务商默认模型'}
    >
      <div className="admin-models-field">
        <Form.Item name="models" noStyle>
          <Select
            aria-label="提供的模型"
            mode="tags"
            tokenSeparators={[',', '，', ' ']}
            options={(offered ?? []).map((model) => ({ value: model, label: model }))}
            open={offered ? open : false}
            onOpenChange={setOpen}
            placeholder={offered ? '点选服务商的模型，或输入模型名后回车' : '输入模型名后回车'}
            notFoundContent={null}
          />
        </Form.Item>
        <Button onClick={fetchModels} loading={lookup.isPending}>
          获取模型列表
        </Button>
      </div>
      {problem ? (
        <Alert className="admin-models-field__note" type="error" showIcon title={problem} />
      ) : offered ? (
        <div className="admin-models-field__note muted">
          服务商提供 {offered.length} 个模型，在上面的列表里点选；已选的不会重复加入
        </div>
      ) : (
        <div className="admin-models-field__note muted">
          {usesStoredKey
            ? '「获取模型列表」用上面填写的密钥；密钥留空则用已保存的密钥（只发往已保存的接口地址）'
            : '「获取模型列表」用上面填写的第一个密钥向服务商查询'}
        </div>
      )}
    </Form.Item>
  );
}
