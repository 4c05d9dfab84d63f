import {
  CHANNEL_KIND_NAMES,
  CHANNEL_STATE_NAMES,
  type ChannelKind,
  type ChannelState,
  type ChannelView,
} from '@chuhai/contract';
import { Alert, App, Button, Card, Popconfirm, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { useSetChannelEnabled } from '../api/set-channel-enabled';
import { useTestChannel } from '../api/test-channel';
import { usePhoneWidth } from '../use-phone-width';
import { ChannelBalanceLine } from './channel-balance';
import { ChannelForm } from './channel-form';
import { ReadOnlyNote } from './read-only-note';

const STATE_COLORS: Record<ChannelState, string> = {
  healthy: 'green',
  cooling: 'red',
  trial: 'orange',
  off: 'default',
};

/**
 * The channel's average time to its answer: for a chat channel the first characters (what a
 * seller waits for before the answer starts), for an image channel the picture itself, which
 * arrives whole (a 「首字」 time means nothing there).
 */
export const responseTime = (kind: ChannelKind, ms: number) =>
  kind === 'image' ? `出图 ${(ms / 1000).toFixed(1)} 秒` : `首字 ${ms} ms`;

/**
 * 渠道: the providers each kind of AI call may go to, tried by priority and weight, cooled down when
 * they fail and tried again after. Effective on every node at the next call.
 */
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
          <ChannelList
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

interface ChannelListProps {
  channels: ChannelView[];
  loading: boolean;
  canEdit: boolean;
  onEdit: (channel: ChannelView) => void;
}

/** What the channel's test answered, shown under it until the page is left. */
type Tested = Record<number, { ok: boolean; text: string }>;

function TestResult({ result }: { result: Tested[number] | undefined }) {
  return result ? <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} /> : null;
}

/** A table on a wide screen; on a phone one card per channel, with its buttons in reach. */
function ChannelList(props: ChannelListProps) {
  const phone = usePhoneWidth();
  const test = useTestChannel();
  const [tested, setTested] = useState<Tested>({});
  const record = (channel: ChannelView, result: { ok: boolean; message: string; tookMs: number }) =>
    setTested((all) => ({
      ...all,
      [channel.id]: { ok: result.ok, text: `${result.message}（${result.tookMs} ms）` },
    }));
  const runTest = (channel: ChannelView) =>
    test.mutate(channel.id, { onSuccess: (result) => record(channel, result) });
  const actions = (channel: ChannelView) =>
    props.canEdit ? (
      <ChannelActions
        channel={channel}
        testing={test.isPending && test.variables === channel.id}
        onTest={() => runTest(channel)}
        onEdit={() => props.onEdit(channel)}
      />
    ) : (
      <ReadOnlyNote />
    );
  const list = phone ? (
    <ChannelCards {...props} tested={tested} actions={actions} />
  ) : (
    <ChannelTable {...props} tested={tested} actions={actions} />
  );
  const enabled = props.channels.filter((channel) => channel.enabled);
  if (!props.canEdit || enabled.length === 0) return list;
  return (
    <>
      <TestAll channels={enabled} test={(channel) => test.mutateAsync(channel.id)} onResult={record} />
      {list}
    </>
  );
}

/**
 * 全部测试: every enabled channel of the kind gets its test, one after another (each result under
 * its channel, a count at the end). A test picture costs as much as a seller's, so for image
 * channels the operator confirms first.
 */
function TestAll(props: {
  channels: ChannelView[];
  test: (channel: ChannelView) => Promise<{ ok: boolean; message: string; tookMs: number }>;
  onResult: (channel: ChannelView, result: { ok: boolean; message: string; tookMs: number }) => void;
}) {
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    let failed = 0;
    for (const channel of props.channels) {
      const result = await props.test(channel).catch((error: Error) => ({
        ok: false,
        message: error.message,
        tookMs: 0,
      }));
      if (!result.ok) failed += 1;
      props.onResult(channel, result);
    }
    setRunning(false);
    const passed = props.channels.length - failed;
    if (failed) message.warning(`全部测试完成：${passed} 个正常，${failed} 个失败`);
    else message.success(`全部测试完成：${passed} 个渠道都正常`);
  };
  const image = props.channels[0]?.kind === 'image';
  const button = (
    <Button size="small" loading={running} onClick={image ? undefined : run}>
      全部测试（{props.channels.length} 个）
    </Button>
  );
  return (
    <div className="admin-channel__toolbar">
      {image ? (
        <Popconfirm
          title="每个绘图渠道都会真的生成一张图片"
          description="按各渠道的单价计费，和卖家生成一张一样。"
          okText="全部测试"
          cancelText="取消"
          onConfirm={run}
        >
          {button}
        </Popconfirm>
      ) : (
        button
      )}
    </div>
  );
}

function ChannelActions(props: {
  channel: ChannelView;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
}) {
  const { channel } = props;
  const remove = useDeleteChannel();
  const setEnabled = useSetChannelEnabled();
  const { message } = App.useApp();
  const toggle = ({ id, name, enabled }: ChannelView) =>
    setEnabled.mutate(
      { id, enabled: !enabled },
      { onSuccess: () => message.success(enabled ? `已停用「${name}」` : `已启用「${name}」`) },
    );
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        loading={props.testing}
        onClick={props.onTest}
        aria-label={`测试渠道${channel.name}`}
      >
        测试
      </Button>
      <Button size="small" onClick={props.onEdit} aria-label={`编辑渠道${channel.name}`}>
        编辑
      </Button>
      <Button
        size="small"
        loading={setEnabled.isPending}
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
  );
}

const EnvTag = ({ channel }: { channel: ChannelView }) =>
  channel.fromEnv ? (
    <Tooltip title="来自服务器环境变量，每次启动会按环境变量重写设置">
      <Tag>环境变量</Tag>
    </Tooltip>
  ) : null;

function ChannelStateCell({ channel }: { channel: ChannelView }) {
  const { state } = channel;
  return (
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
  );
}

function ChannelEndpoint({ channel, canEdit }: { channel: ChannelView; canEdit: boolean }) {
  return (
    <span className="admin-channel__url">
      {channel.baseUrl}
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
      <ChannelBalanceLine channel={channel} canRefresh={canEdit} compact />
    </span>
  );
}

const dayStats = (channel: ChannelView) => `${channel.calls} 次 · 失败 ${channel.errors}`;

const costPrice = (channel: ChannelView) =>
  channel.kind === 'chat'
    ? `¥${channel.priceInput} / ¥${channel.priceOutput} 每百万`
    : `¥${channel.priceImage} 每张`;

type ListBody = ChannelListProps & { tested: Tested; actions: (channel: ChannelView) => ReactNode };

const EMPTY = '还没有渠道：新增一个，或在服务器上设置环境变量（见 README「渠道」）';

/**
 * On a phone: name, state and buttons first, where a thumb finds them; the address and figures
 * under them. The table there left 60 px of a 1,150 px row in view.
 */
function ChannelCards(props: ListBody) {
  if (props.loading) return <Skeleton active />;
  if (props.channels.length === 0) return <p className="muted">{EMPTY}</p>;
  return (
    <ul className="admin-channel-list">
      {props.channels.map((channel) => (
        <li key={channel.id} className="admin-channel-item" aria-label={`渠道${channel.name}`}>
          <div className="admin-channel-item__head">
            <strong>{channel.name}</strong>
            <EnvTag channel={channel} />
            <ChannelStateCell channel={channel} />
          </div>
          <ChannelEndpoint channel={channel} canEdit={props.canEdit} />
          <div className="admin-channel-item__figures">
            <span>优先级 {channel.priority}</span>
            <span>权重 {channel.weight}</span>
            <span>24 小时 {dayStats(channel)}</span>
            {channel.avgFirstByteMs !== null ? (
              <span>{responseTime(channel.kind, channel.avgFirstByteMs)}</span>
            ) : null}
            <span>成本价 {costPrice(channel)}</span>
          </div>
          {props.actions(channel)}
          <TestResult result={props.tested[channel.id]} />
        </li>
      ))}
    </ul>
  );
}

function ChannelTable(props: ListBody) {
  const { tested } = props;
  return (
    <Table<ChannelView>
      rowKey="id"
      size="small"
      loading={props.loading}
      pagination={false}
      dataSource={props.channels}
      locale={{ emptyText: EMPTY }}
      // Fits a 1440 screen beside the console's menu; narrower (a tablet), name and state stay
      // first, the middle scrolls and 操作 stays at the right edge.
      scroll={{ x: 1150 }}
      expandable={{
        rowExpandable: (channel) => Boolean(tested[channel.id]),
        expandedRowKeys: Object.keys(tested).map(Number),
        showExpandColumn: false,
        expandedRowRender: (channel) => <TestResult result={tested[channel.id]} />,
      }}
      columns={[
        {
          title: '名称',
          dataIndex: 'name',
          width: 150,
          fixed: 'left',
          render: (name: string, channel) => (
            <Space size={4} wrap>
              <strong>{name}</strong>
              <EnvTag channel={channel} />
            </Space>
          ),
        },
        {
          title: '状态',
          dataIndex: 'state',
          width: 160,
          render: (_: ChannelState, channel) => <ChannelStateCell channel={channel} />,
        },
        {
          title: '接口',
          dataIndex: 'baseUrl',
          width: 220,
          render: (_: string, channel) => <ChannelEndpoint channel={channel} canEdit={props.canEdit} />,
        },
        { title: '优先级', dataIndex: 'priority', width: 70 },
        { title: '权重', dataIndex: 'weight', width: 60 },
        {
          title: '24 小时',
          key: 'stats',
          width: 130,
          render: (_: unknown, channel) => (
            <span>
              {dayStats(channel)}
              {channel.avgFirstByteMs !== null ? (
                <>
                  <br />
                  <span className="muted">{responseTime(channel.kind, channel.avgFirstByteMs)}</span>
                </>
              ) : null}
            </span>
          ),
        },
        { title: '成本价', key: 'price', width: 130, render: (_: unknown, channel) => costPrice(channel) },
        {
          title: '操作',
          key: 'actions',
          width: 230,
          fixed: 'right',
          render: (_: unknown, channel) => props.actions(channel),
        },
      ]}
    />
  );
}
