import { type ChannelView, COST_PURPOSE_NAMES, COST_PURPOSES, type CostDay } from '@chuhai/contract';
import { Alert, Button, Segmented, Skeleton, Table, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { paths } from '../../../config/paths';
import { downloadCsv } from '../../../lib/csv';
import { useChannels } from '../api/get-channels';
import { useCosts } from '../api/get-costs';
import { COST_PURPOSE_COLORS, TOOLTIP_STYLE } from '../chart-style';
import { usePhoneWidth } from '../use-phone-width';
import { type CallFilter, CostCalls } from './cost-calls';
import { formatCost, marginRate } from './cost-format';
import { ChartCard, FigureCards } from './figures';
import { PhoneCards } from './phone-cards';
import { SellerCosts } from './seller-costs';

function exportCsv(days: CostDay[]) {
  downloadCsv(
    `costs-${days[0]?.day ?? ''}-${days.at(-1)?.day ?? ''}.csv`,
    [
      '日期',
      '收入（元）',
      'AI 成本（元）',
      '毛利（元）',
      '调用次数',
      ...COST_PURPOSES.map((p) => `${COST_PURPOSE_NAMES[p]}（元）`),
    ],
    days.map((d) => [
      d.day,
      d.revenue,
      d.cost,
      d.margin,
      d.calls,
      ...COST_PURPOSES.map((p) => d.byPurpose[p] ?? 0),
    ]),
  );
}

/** An enabled channel with no price for what it is used for: its calls go into 成本 at ¥0. */
export const unpriced = (channel: ChannelView) =>
  channel.enabled &&
  (channel.kind === 'image'
    ? channel.priceImage === 0
    : channel.priceInput === 0 && channel.priceOutput === 0);

/**
 * Channels seeded from the server's settings start at ¥0: until a price is set, their calls cost
 * nothing here and the margin reads 100%. Said above the figures, naming the channels.
 */
function UnpricedWarning() {
  const channels = useChannels();
  const names = (channels.data ?? []).filter(unpriced).map((c) => c.name);
  if (names.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="admin-costs__unpriced"
      title={`${names.length} 个渠道没有设置价格：${names.join('、')}`}
      description={
        <>
          它们的调用按 ¥0 计入成本，AI 成本偏低、毛利和毛利率偏高。请在
          <Link to={paths.admin.getHref('channels')}>渠道</Link>
          里填上价格（对话按每百万 token，绘图按每张）。
        </>
      }
    />
  );
}

const TABS = ['summary', 'calls', 'sellers'] as const;
type CostTab = (typeof TABS)[number];

/**
 * 成本: revenue against what the AI providers cost (汇总: per day, feature and channel), each call
 * (调用明细) and the costliest sellers (卖家排行). The tab is in the address, so a reload keeps it.
 */
export function CostsSection() {
  const [params, setParams] = useSearchParams();
  const tab: CostTab = TABS.find((t) => t === params.get('tab')) ?? 'summary';
  const [filter, setFilter] = useState<CallFilter>({ pageNo: 1 });
  const show = (next: CostTab) => setParams(next === 'summary' ? {} : { tab: next }, { replace: true });
  const showCalls = (narrow: Omit<CallFilter, 'pageNo'>) => {
    setFilter({ ...narrow, pageNo: 1 });
    show('calls');
  };
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>成本与毛利</h2>
      </div>
      <UnpricedWarning />
      <Tabs
        activeKey={tab}
        onChange={(key) => show(key as CostTab)}
        items={[
          { key: 'summary', label: '汇总', children: <CostSummary onDay={(day) => showCalls({ day })} /> },
          { key: 'calls', label: '调用明细', children: <CostCalls filter={filter} onFilter={setFilter} /> },
          {
            key: 'sellers',
            label: '卖家排行',
            children: (
              <SellerCosts
                onSeller={(seller) => showCalls({ userId: seller.userId, seller: seller.seller })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/** 汇总: the period's totals, the daily chart and table (a day opens its calls), and each channel. */
function CostSummary(props: { onDay: (day: string) => void }) {
  const [days, setDays] = useState(14);
  const report = useCosts(days);
  const phoneWidth = usePhoneWidth();
  const data = report.data;
  return (
    <div>
      <div className="admin-section__tools admin-cost-summary__tools">
        <Segmented
          value={days}
          onChange={(value) => setDays(value as number)}
          options={[
            { value: 1, label: '今天' },
            { value: 7, label: '近 7 天' },
            { value: 14, label: '近 14 天' },
            { value: 30, label: '近 30 天' },
          ]}
        />
        <Button disabled={!data} onClick={() => data && exportCsv(data.days)}>
          导出 CSV
        </Button>
      </div>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <FigureCards
            figures={[
              ['收入（元）', data.totals.revenue.toFixed(2)],
              ['AI 成本（元）', formatCost(data.totals.cost)],
              ['毛利（元）', formatCost(data.totals.margin)],
              ['毛利率', marginRate(data.totals.revenue, data.totals.margin)],
            ]}
          />
          <ChartCard title="每日 AI 成本（元，按功能）" height={240} className="admin-charts">
            <BarChart data={data.days.map((d) => ({ day: d.day.slice(5), ...d.byPurpose }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis />
              <Tooltip {...TOOLTIP_STYLE} formatter={(value) => formatCost(Number(value))} />
              <Legend />
              {COST_PURPOSES.map((purpose) => (
                <Bar
                  key={purpose}
                  dataKey={purpose}
                  name={COST_PURPOSE_NAMES[purpose]}
                  stackId="cost"
                  fill={COST_PURPOSE_COLORS[purpose]}
                />
              ))}
            </BarChart>
          </ChartCard>
          {phoneWidth ? (
            <DayCards days={data.days} onDay={props.onDay} />
          ) : (
            <Table<CostDay>
              className="admin-charts"
              rowKey="day"
              size="small"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={[...data.days].reverse()}
              onRow={(day) => ({ onClick: () => props.onDay(day.day), title: '看这一天的每次调用' })}
              rowClassName="admin-row"
              columns={[
                { title: '日期', dataIndex: 'day' },
                { title: '收入（元）', dataIndex: 'revenue', render: (v: number) => v.toFixed(2) },
                { title: 'AI 成本（元）', dataIndex: 'cost', render: formatCost },
                { title: '毛利（元）', dataIndex: 'margin', render: formatCost },
                { title: '毛利率', key: 'rate', render: (_: unknown, d) => marginRate(d.revenue, d.margin) },
                { title: '调用次数', dataIndex: 'calls' },
              ]}
            />
          )}
          <Table
            className="admin-charts"
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={data.byChannel}
            locale={{ emptyText: '这段时间没有 AI 调用' }}
            columns={[
              { title: '渠道', dataIndex: 'name' },
              { title: '调用次数', dataIndex: 'calls' },
              { title: '失败', dataIndex: 'errors' },
              { title: '成本（元）', dataIndex: 'cost', render: formatCost },
            ]}
          />
        </>
      )}
    </div>
  );
}

/** 汇总's days on a phone, newest first: one card a day with all its figures, 看调用 opening its calls. */
function DayCards(props: { days: CostDay[]; onDay: (day: string) => void }) {
  return (
    <div className="admin-charts">
      <PhoneCards
        label="每日收入与成本"
        cards={[...props.days].reverse().map((day) => ({
          key: day.day,
          label: `${day.day} 收入与成本`,
          title: day.day,
          state: `毛利率 ${marginRate(day.revenue, day.margin)}`,
          figures: [
            `收入 ¥${day.revenue.toFixed(2)}`,
            `AI 成本 ¥${formatCost(day.cost)}`,
            `毛利 ¥${formatCost(day.margin)}`,
            `调用 ${day.calls} 次`,
          ],
          // A day without calls has nothing to open.
          actions:
            day.calls > 0 ? (
              <Button size="small" onClick={() => props.onDay(day.day)}>
                看调用
              </Button>
            ) : undefined,
        }))}
      />
    </div>
  );
}
