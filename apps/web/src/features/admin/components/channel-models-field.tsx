import type { ChannelKind, ChannelView } from '@chuhai/contract';
import { Alert, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useProviderModels } from '../api/get-provider-models';

const NEEDS_CODE =
  '向新的接口地址获取模型列表需要两步验证码：请先在下方「两步验证码」里填写验证器上的 6 位数字';
const CODE_USED = '这个两步验证码已用过，保存时请填写验证器上的下一个';

/** An address as the server compares them: without surrounding spaces or trailing slashes. */
const sameAddress = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/** The first key typed in the form's 密钥 box, if any. */
const firstTypedKey = (keys: string | undefined) =>
  (keys ?? '')
    .split('\n')
    .map((key) => key.trim())
    .find(Boolean) ?? '';

/**
 * 提供的模型, typed, or picked from what the provider lists (获取模型列表). The server asks the
 * provider with the key typed above or, when that is empty on a saved channel, the stored key: the
 * key itself never comes to the browser. An address the channel has not saved takes the form's
 * 两步验证码, which the lookup uses up: the field is emptied for the next code, which saving takes.
 */
export function ChannelModelsField(props: { kind: ChannelKind; channel: ChannelView | null }) {
  const { kind, channel } = props;
  const form = Form.useFormInstance();
  const lookup = useProviderModels();
  const [offered, setOffered] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [codeUsed, setCodeUsed] = useState(false);

  const fetchModels = () => {
    const provider = form.getFieldValue('provider') as string;
    const baseUrl = ((form.getFieldValue('baseUrl') as string | undefined) ?? '').trim();
    if (!/^https?:\/\/\S+$/.test(baseUrl)) {
      setProblem('请先填写接口地址（http:// 或 https:// 开头）');
      return;
    }
    const key = firstTypedKey(form.getFieldValue('keys') as string | undefined);
    const atSavedAddress = channel !== null && sameAddress(channel.baseUrl, baseUrl);
    const totp = ((form.getFieldValue('totp') as string | undefined) ?? '').trim();
    if (!atSavedAddress && !/^\d{6}$/.test(totp)) {
      setProblem(NEEDS_CODE);
      return;
    }
    setProblem(null);
    setCodeUsed(false);
    const usedCode = () => {
      if (atSavedAddress) return;
      form.setFieldValue('totp', '');
      setCodeUsed(true);
    };
    lookup.mutate(
      {
        kind,
        provider,
        baseUrl,
        key,
        ...(channel && (key === '' || atSavedAddress) ? { channelId: channel.id } : {}),
        ...(atSavedAddress ? {} : { totp }),
      },
      {
        onSuccess: ({ models }) => {
          usedCode();
          setOffered(models);
          setOpen(true);
        },
        onError: (error) => {
          usedCode();
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
          {codeUsed ? `。${CODE_USED}` : ''}
        </div>
      ) : (
        <div className="admin-models-field__note muted">
          {usesStoredKey
            ? '「获取模型列表」用上面填写的密钥；密钥留空则用已保存的密钥（只发往已保存的接口地址）。改了接口地址要先填两步验证码'
            : '「获取模型列表」用上面填写的第一个密钥向服务商查询，要先在下方填两步验证码'}
        </div>
      )}
    </Form.Item>
  );
}
