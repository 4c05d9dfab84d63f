import {
  CHANNEL_DEFAULTS,
  CHANNEL_LIMITS,
  CHANNEL_PROVIDERS,
  type ChannelKind,
  type ChannelSaveBody,
  type ChannelView,
} from '@chuhai/contract';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useChannels } from '../api/get-channels';
import { useSaveChannel } from '../api/save-channel';
import { ChannelBalanceLine } from './channel-balance';
import { ChannelModelsField } from './channel-models-field';
import { TotpInput } from './totp-input';

interface ChannelFormValues {
  name: string;
  provider: string;
  baseUrl: string;
  keys: string;
  models: string[];
  modelMap: string;
  priority: number;
  weight: number;
  enabled: boolean;
  priceInput: number;
  priceOutput: number;
  priceImage: number;
  totp: string;
}

/** What the channel costs us: per million tokens for chat, per picture for images. */
const PRICE_FIELDS: Record<ChannelKind, { name: keyof ChannelFormValues; label: string; step: number }[]> = {
  chat: [
    { name: 'priceInput', label: '输入价格（元/百万 tokens）', step: 0.1 },
    { name: 'priceOutput', label: '输出价格（元/百万 tokens）', step: 0.1 },
  ],
  image: [{ name: 'priceImage', label: '每张图片的价格（元）', step: 0.01 }],
};

const PROVIDER_NAMES: Record<string, string> = {
  openai: 'OpenAI 兼容接口',
  dashscope: '阿里云百炼（通义万相）',
  sdwebui: 'Stable Diffusion WebUI',
};

/** `请求名=服务商名` per line, as the model map the server takes. */
export function parseModelMap(text: string): Record<string, string> | string {
  const map: Record<string, string> = {};
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const [asked, actual, extra] = line.split('=').map((part) => part.trim());
    if (!asked || !actual || extra !== undefined)
      return `第 ${index + 1} 行应写成「请求的模型名=服务商的模型名」`;
    map[asked] = actual;
  }
  return map;
}

const toValues = (channel: ChannelView | null): Partial<ChannelFormValues> =>
  channel
    ? {
        ...channel,
        keys: '',
        modelMap: Object.entries(channel.modelMap)
          .map(([asked, actual]) => `${asked}=${actual}`)
          .join('\n'),
      }
    : { ...CHANNEL_DEFAULTS, provider: 'openai', keys: '', modelMap: '' };

/** 新增 / 编辑渠道: keys are typed once and never shown again; left empty on edit they stay as stored. */
export function ChannelForm(props: {
  kind: ChannelKind;
  channel: ChannelView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { kind, channel, open, onClose } = props;
  const [form] = Form.useForm<ChannelFormValues>();
  const save = useSaveChannel();
  const { message } = App.useApp();
  // The balance as last read, 刷新余额 included; the form's own values stay as the operator typed them.
  const latest = useChannels().data?.find((c) => c.id === channel?.id) ?? channel;

  useEffect(() => {
    if (open) form.setFieldsValue(toValues(channel));
  }, [open, channel, form]);

  const submit = (values: ChannelFormValues) => {
    const modelMap = parseModelMap(values.modelMap ?? '');
    if (typeof modelMap === 'string') {
      form.setFields([{ name: 'modelMap', errors: [modelMap] }]);
      return;
    }
    // Only the fields shown for this kind are in `values`: the others are sent as zero.
    const input: ChannelSaveBody = {
      ...values,
      priceInput: values.priceInput ?? 0,
      priceOutput: values.priceOutput ?? 0,
      priceImage: values.priceImage ?? 0,
      models: values.models ?? [],
      kind,
      keys: values.keys
        .split('\n')
        .map((key) => key.trim())
        .filter(Boolean),
      modelMap,
    };
    save.mutate(
      { id: channel?.id ?? null, input },
      {
        onSuccess: () => {
          message.success(channel ? '渠道已保存' : '渠道已新增');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={channel ? `编辑渠道「${channel.name}」` : `新增${kind === 'chat' ? '对话模型' : '图片生成'}渠道`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {latest ? <ChannelBalanceLine channel={latest} canRefresh /> : null}
      <Form<ChannelFormValues> form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, message: '请填写渠道名称' }, { max: 40 }]}
        >
          <Input placeholder="例如 DeepSeek 主账号" />
        </Form.Item>
        <Form.Item name="provider" label="接口类型">
          <Select
            options={CHANNEL_PROVIDERS[kind].map((value) => ({
              value,
              label: PROVIDER_NAMES[value] ?? value,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label="接口地址"
          rules={[
            { required: true, message: '请填写接口地址' },
            { pattern: /^https?:\/\/\S+$/, message: '应为 http:// 或 https:// 开头的地址' },
          ]}
        >
          <Input
            placeholder={kind === 'chat' ? 'https://api.deepseek.com/v1' : 'https://api.openai.com/v1'}
          />
        </Form.Item>
        <Form.Item
          name="keys"
          label="密钥（每行一个，轮流使用）"
          extra={
            channel?.keyTails.length
              ? `留空则保留已保存的 ${channel.keyTails.length} 个密钥（尾号 ${channel.keyTails.join('、')}）`
              : '保存后只显示末 4 位'
          }
        >
          <Input.TextArea rows={2} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <ChannelModelsField kind={kind} channel={channel} />
        {kind === 'chat' ? (
          <Form.Item name="modelMap" label="模型映射（可选）" extra="每行一条：请求的模型名=服务商的模型名">
            <Input.TextArea rows={2} placeholder="gpt-4o-mini=deepseek-chat" spellCheck={false} />
          </Form.Item>
        ) : null}
        <div className="admin-form-row">
          <Form.Item name="priority" label="优先级（大的先用）">
            <InputNumber min={0} max={CHANNEL_LIMITS.priority} precision={0} />
          </Form.Item>
          <Form.Item name="weight" label="权重（同优先级内按比例分配）">
            <InputNumber min={1} max={CHANNEL_LIMITS.weight} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <div className="admin-form-row">
          {PRICE_FIELDS[kind].map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label}>
              <InputNumber min={0} max={CHANNEL_LIMITS.price} step={field.step} />
            </Form.Item>
          ))}
        </div>
        <TotpInput />
      </Form>
    </Modal>
  );
}
