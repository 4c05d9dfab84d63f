import {
  CHANNEL_KIND_NAMES,
  CHANNEL_STATE_NAMES,
  type ChannelKind,
  type ChannelState,
  type ChannelView,
} from '@chuhai/contract';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { useSetChannelEnabled } from '../api/set-channel-enabled';
import { useTestChannel } from '../api/test-channel';
import { ChannelForm } from './channel-form';

const STATE_COLORS: Record<ChannelState, string> = {
  healthy: 'green',
  cooling: 'red',
  trial: 'orange',
  off: 'default',
};

/**
 * 渠道: the providers each kind of AI call may go to, tried by priority and weight, cooled down when
 * they fail and tried again after. Effective on every node at the next call.
 */
/**
 * The channel's average time to its answer: for a chat channel the first characters (what a
 * seller waits for before the answer starts), for an image channel the picture itself, which
 * arrives whole (a 「首字」 time means nothing there).
 */
export const responseTime = (kind: ChannelKind, ms: number) =>
  kind === 'image' ? `出图 ${(ms / 1000).toFixed(1)} 秒` : `首字 ${ms} ms`;

export function ChannelsSection({ canEdit }: { canEdit: boolean }) {
  const channels = useChannels();
  const [editing, setEditing] = useState<{ kind: ChannelKind; channel: ChannelView | null } | null>(null);
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>渠道</h2>
      </div>
      <p className="muted">
        每次调用先用优先级最高的健康渠道，同一优先级按权重随机；首字返回之前的失败（连不上、超时、401、402、429、5xx）自动换下一个渠道，卖家看不到。
        失败率超过阈值或密钥无效的渠道会冷却，冷却结束后放行一次试探调用，成功即恢复。
      </p>
      {(['chat', 'image'] as const).map((kind) => (
        <Card
          key={kind}
          size="small"
          className="admin-channel-card"
          title={CHANNEL_KIND_NAMES[kind]}
          extra={
            canEdit ? (
              <Button size="small" type="primary" onClick={() => setEditing({ kind, channel: null })}>
                新增渠道
              </Button>
            ) : null
          }
        >
          <ChannelTable
            channels={(channels.data ?? []).filter((c) => c.kind === kind)}
            loading={channels.isPending}
            canEdit={canEdit}
            onEdit={(channel) => setEditing({ kind, channel })}
          />
        </Card>
      ))}
      <ChannelForm
        kind={editing?.kind ?? 'chat'}
        channel={editing?.channel ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function ChannelTable(props: {
  channels: ChannelView[];
  loading: boolean;
  canEdit: boolean;
  onEdit: (channel: ChannelView) => void;
}) {
  const test = useTestChannel();
  const remove = useDeleteChannel();
  const setEnabled = useSetChannelEnabled();
  const { message } = App.useApp();
  const [tested, setTested] = useState<Record<number, { ok: boolean; text: string }>>({});

  const runTest = (channel: ChannelView) =>
    test.mutate(channel.id, {
      onSuccess: (result) =>
        setTested((all) => ({
          ...all,
          [channel.id]: { ok: result.ok, text: `${result.message}（${result.tookMs} ms）` },
        })),
    });
  const toggle = ({ id, name, enabled }: ChannelView) =>
    setEnabled.mutate(
      { id, enabled: !enabled },
      { onSuccess: () => message.success(enabled ? `已停用「${name}」` : `已启用「${name}」`) },
    );

  return (
    <Table<ChannelView>
      rowKey="id"
      size="small"
      loading={props.loading}
      pagination={false}
      dataSource={props.channels}
      locale={{ emptyText: '还没有渠道：新增一个，或在服务器上设置环境变量（见 README「渠道」）' }}
      // Fits a 1440 screen beside the console's menu; narrower, the middle scrolls and 操作 stays.
      scroll={{ x: 1150 }}
      expandable={{
        rowExpandable: (channel) => Boolean(tested[channel.id]),
        expandedRowKeys: Object.keys(tested).map(Number),
        showExpandColumn: false,
        expandedRowRender: (channel) => {
          const result = tested[channel.id];
          return result ? (
            <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} />
          ) : null;
        },
      }}
      columns={[
        {
          title: '名称',
          dataIndex: 'name',
          width: 150,
          render: (name: string, channel) => (
            <Space size={4} wrap>
              <strong>{name}</strong>
              {channel.fromEnv ? (
                <Tooltip title="来自服务器环境变量，每次启动会按环境变量重写设置">
                  <Tag>环境变量</Tag>
                </Tooltip>
              ) : null}
            </Space>
          ),
        },
        {
          title: '接口',
          dataIndex: 'baseUrl',
          width: 220,
          render: (url: string, channel) => (
            <span className="admin-channel__url">
              {url}
              <br />
              <span className="muted">
                {channel.models.length ? channel.models.join('、') : '任何模型'} · 密钥尾号{' '}
                {channel.keyTails.join('、') || '无'}
              </span>
              {channel.restingKeyTails.length > 0 ? (
                <Tooltip title="服务商拒绝了这些密钥（无效、无权限或余额不足），冷却结束后会再试；其余密钥照常使用">
                  <Tag color="warning" className="admin-channel__resting">
                    暂停：尾号 {channel.restingKeyTails.join('、')}
                  </Tag>
                </Tooltip>
              ) : null}
            </span>
          ),
        },
        { title: '优先级', dataIndex: 'priority', width: 70 },
        { title: '权重', dataIndex: 'weight', width: 60 },
        {
          title: '状态',
          dataIndex: 'state',
          width: 190,
          render: (state: ChannelState, channel) => (
            <div>
              <Tag color={STATE_COLORS[state]}>{CHANNEL_STATE_NAMES[state]}</Tag>
              {channel.stateReason && state !== 'healthy' && state !== 'off' ? (
                <div className="admin-channel__reason">
                  {channel.stateReason}
                  {state === 'cooling' && channel.cooldownUntil
                    ? `；${formatDateTime(channel.cooldownUntil)} 后试探`
                    : ''}
                </div>
              ) : null}
            </div>
          ),
        },
        {
          title: '24 小时',
          key: 'stats',
          width: 130,
          render: (_: unknown, channel) => (
            <span>
              {channel.calls} 次 · 失败 {channel.errors}
              {channel.avgFirstByteMs !== null ? (
                <>
                  <br />
                  <span className="muted">{responseTime(channel.kind, channel.avgFirstByteMs)}</span>
                </>
              ) : null}
            </span>
          ),
        },
        {
          title: '成本价',
          key: 'price',
          width: 130,
          render: (_: unknown, channel) =>
            channel.kind === 'chat'
              ? `¥${channel.priceInput} / ¥${channel.priceOutput} 每百万`
              : `¥${channel.priceImage} 每张`,
        },
        {
          title: '操作',
          key: 'actions',
          width: 200,
          fixed: 'right',
          render: (_: unknown, channel) =>
            props.canEdit ? (
              <Space size={4} wrap>
                <Button
                  size="small"
                  loading={test.isPending && test.variables === channel.id}
                  onClick={() => runTest(channel)}
                  aria-label={`测试渠道${channel.name}`}
                >
                  测试
                </Button>
                <Button
                  size="small"
                  onClick={() => props.onEdit(channel)}
                  aria-label={`编辑渠道${channel.name}`}
                >
                  编辑
                </Button>
                <Button
                  size="small"
                  loading={setEnabled.isPending && setEnabled.variables?.id === channel.id}
                  onClick={() => toggle(channel)}
                  aria-label={`${channel.enabled ? '停用' : '启用'}渠道${channel.name}`}
                >
                  {channel.enabled ? '停用' : '启用'}
                </Button>
                <Popconfirm
                  title={`删除渠道「${channel.name}」？`}
                  description="它的调用记录和成本保留。"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.mutate(channel.id)}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ) : (
              <span className="muted">只有管理员可以修改</span>
            ),
        },
      ]}
    />
  );
}
