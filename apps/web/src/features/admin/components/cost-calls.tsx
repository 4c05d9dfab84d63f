import { CloseOutlined } from '@ant-design/icons';
import {
  CALL_FAILURE_NAMES,
  COST_PURPOSE_NAMES,
  COST_PURPOSES,
  type CostCall,
  type CostPurpose,
} from '@chuhai/contract';
import { Button, DatePicker, Empty, Input, Pagination, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { serverPaging } from '../../../components/ui/table-paging';
import { formatDateTime } from '../../../lib/format';
import { useChannels } from '../api/get-channels';
import { useCostCalls } from '../api/get-cost-calls';
import { usePhoneWidth } from '../use-phone-width';
import { formatCost } from './cost-format';

/** What the log is narrowed to; a seller is known by id (a row clicked) or by the phone typed. */
export interface CallFilter {
  userId?: number;
  /** The masked phone of `userId`, for its tag. */
  seller?: string;
  phone?: string;
  purpose?: CostPurpose;
  channel?: string;
  day?: string;
  pageNo: number;
}

const purposeName = (purpose: string) => COST_PURPOSE_NAMES[purpose as CostPurpose] ?? purpose;
const count = (n: number) => n.toLocaleString('zh-CN');

/** 成功, or why it failed in words. */
function Outcome({ call }: { call: CostCall }) {
  if (call.ok) return <Tag color="green">成功</Tag>;
  return <Tag color="red">失败：{CALL_FAILURE_NAMES[call.failure] ?? call.failure}</Tag>;
}

/** Input and output tokens; 估算 when the provider reported none and they were counted here. */
function Tokens({ call }: { call: CostCall }) {
  if (call.inputTokens === 0 && call.outputTokens === 0) return <span className="muted">—</span>;
  return (
    <span>
      {count(call.inputTokens)} / {count(call.outputTokens)}
      {call.estimated ? (
        <Tag className="admin-cost-call__estimated" title="服务商没有返回用量，按字数估算">
          估算
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * 成本 · 调用明细: each AI call with who, what, where, its tokens and its cost, newest first; filter by
 * seller, feature, channel and day. A seller clicked narrows the log to them.
 */
export function CostCalls(props: { filter: CallFilter; onFilter: (next: CallFilter) => void }) {
  const { filter, onFilter } = props;
  const phoneWidth = usePhoneWidth();
  const channels = useChannels();
  const { seller: _shown, ...params } = filter;
  const calls = useCostCalls(params);
  const change = (next: Partial<CallFilter>) => onFilter({ ...filter, ...next, pageNo: 1 });
  const bySeller = (call: CostCall) =>
    call.userId === null
      ? undefined
      : () => change({ userId: call.userId ?? undefined, seller: call.seller, phone: undefined });
  const channelNames = [...new Set((channels.data ?? []).map((c) => c.name))];
  const list = calls.data?.list ?? [];
  const paging = serverPaging('costCalls', {
    pageNo: filter.pageNo,
    onPage: (pageNo) => onFilter({ ...filter, pageNo }),
    total: calls.data?.total,
  });

  return (
    <div>
      <Space wrap className="admin-cost-calls__filters">
        {filter.userId ? (
          <Button
            size="small"
            title="不再只看这位卖家"
            onClick={() => change({ userId: undefined, seller: undefined })}
          >
            卖家 {filter.seller}
            <CloseOutlined />
          </Button>
        ) : (
          <Input.Search
            placeholder="卖家手机号"
            allowClear
            style={{ width: 170 }}
            defaultValue={filter.phone}
            onSearch={(value) => change({ phone: value.trim() || undefined })}
            aria-label="按卖家手机号筛选"
          />
        )}
        {choiceFilter(
          '功能',
          130,
          COST_PURPOSES.map((p) => ({ value: p, label: COST_PURPOSE_NAMES[p] })),
          filter.purpose,
          (purpose) => change({ purpose }),
        )}
        {choiceFilter(
          '渠道',
          150,
          channelNames.map((name) => ({ value: name, label: name })),
          filter.channel,
          (channel) => change({ channel }),
        )}
        <DatePicker
          placeholder="日期"
          value={filter.day ? dayjs(filter.day) : null}
          onChange={(day) => change({ day: day ? day.format('YYYY-MM-DD') : undefined })}
          aria-label="按日期筛选"
        />
      </Space>
      {phoneWidth ? (
        <CallCards calls={list} loading={calls.isFetching} onSeller={bySeller} paging={paging} />
      ) : (
        <Table<CostCall>
          rowKey="id"
          size="small"
          loading={calls.isFetching}
          dataSource={list}
          pagination={paging}
          scroll={{ x: 1000 }}
          locale={{ emptyText: '没有符合条件的调用' }}
          columns={[
            {
              title: '时间',
              dataIndex: 'createdAt',
              width: 160,
              render: (at: number) => formatDateTime(at, { seconds: true }),
            },
            {
              title: '卖家',
              dataIndex: 'seller',
              width: 120,
              render: (seller: string, call) => <SellerLink call={call} onSeller={bySeller} label={seller} />,
            },
            { title: '功能', dataIndex: 'purpose', width: 100, render: purposeName },
            {
              title: '渠道 · 模型',
              key: 'channel',
              render: (_: unknown, call) => (
                <span>
                  {call.channel}
                  <br />
                  <span className="muted">{call.model}</span>
                </span>
              ),
            },
            {
              title: 'tokens（输入 / 输出）',
              key: 'tokens',
              width: 190,
              render: (_: unknown, call) => <Tokens call={call} />,
            },
            {
              title: '图片',
              dataIndex: 'images',
              width: 60,
              render: (n: number) => (n ? n : <span className="muted">—</span>),
            },
            { title: '成本（元）', dataIndex: 'cost', width: 100, render: formatCost },
            { title: '结果', key: 'ok', width: 150, render: (_: unknown, call) => <Outcome call={call} /> },
          ]}
        />
      )}
    </div>
  );
}

function SellerLink(props: {
  call: CostCall;
  label: string;
  onSeller: (call: CostCall) => (() => void) | undefined;
}) {
  const narrow = props.onSeller(props.call);
  if (!narrow) return <span className="muted">{props.label === '—' ? '无（渠道测试）' : props.label}</span>;
  return (
    <button type="button" className="link-button" onClick={narrow} title="只看这位卖家的调用">
      {props.label}
    </button>
  );
}

/** On a phone: one card a call, when and whether it worked first, then who, what and the figures. */
function CallCards(props: {
  calls: CostCall[];
  loading: boolean;
  onSeller: (call: CostCall) => (() => void) | undefined;
  paging: ReturnType<typeof serverPaging>;
}) {
  if (props.calls.length === 0)
    return props.loading ? null : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的调用" />
    );
  const { current = 1, pageSize = 20, total = 0 } = props.paging;
  return (
    <>
      <ul className="admin-channel-list admin-cost-calls">
        {props.calls.map((call) => (
          <li
            key={call.id}
            className="admin-channel-item"
            aria-label={`调用 ${formatDateTime(call.createdAt, { seconds: true })}`}
          >
            <div className="admin-channel-item__head">
              <strong>{formatDateTime(call.createdAt, { seconds: true })}</strong>
              <div>
                <Outcome call={call} />
              </div>
            </div>
            <div>
              <SellerLink call={call} onSeller={props.onSeller} label={call.seller} /> ·{' '}
              {purposeName(call.purpose)} · 成本 ¥{formatCost(call.cost)}
            </div>
            <div className="admin-channel-item__figures">
              <span>
                {call.channel} · {call.model}
              </span>
              {call.images ? <span>图片 {call.images} 张</span> : null}
              {call.inputTokens || call.outputTokens ? (
                <span>
                  tokens 输入 {count(call.inputTokens)} / 输出 {count(call.outputTokens)}
                  {call.estimated ? '（估算）' : ''}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {total > pageSize ? (
        <Pagination
          simple
          className="admin-cost-calls__pager"
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={props.paging.onChange}
        />
      ) : null}
    </>
  );
}

/** A filter picking one of `options` (cleared: every one), named 按{name}筛选 for screen readers. */
function choiceFilter<Value extends string>(
  name: string,
  width: number,
  options: { value: Value; label: string }[],
  value: Value | undefined,
  onChange: (value: Value | undefined) => void,
) {
  return (
    <Select<Value>
      allowClear
      placeholder={name}
      style={{ width }}
      value={value}
      onChange={(picked?: Value) => onChange(picked)}
      options={options}
      aria-label={`按${name}筛选`}
    />
  );
}
