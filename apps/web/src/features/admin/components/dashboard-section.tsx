import { Col, Row, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatYuan } from '../../../lib/money';
import { useDashboard } from '../api/get-dashboard';
import { TOOLTIP_STYLE } from '../chart-style';
import { ChartCard, FigureCards } from './figures';

const USERS_COLOR = '#1b5cff';
const REVENUE_COLOR = '#f59e0b';

/** 概览: the figures of today, the last 7 or 30 days, and their day-by-day series. */
export function DashboardSection() {
  const [days, setDays] = useState<1 | 7 | 30>(7);
  const stats = useDashboard(days);
  const data = stats.data;
  const series = (data?.series ?? []).map((d) => ({
    label: d.day.slice(5),
    newUsers: d.newUsers,
    revenue: d.revenueFen / 100,
  }));

  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>概览</h2>
        <Segmented
          value={days}
          onChange={(value) => setDays(value as 1 | 7 | 30)}
          options={[
            { value: 1, label: '今天' },
            { value: 7, label: '近 7 天' },
            { value: 30, label: '近 30 天' },
          ]}
        />
      </div>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <FigureCards
            xl={3}
            figures={[
              ['新用户', data.newUsers],
              ['活跃用户', data.activeUsers],
              ['支付订单', data.paidOrders],
              // Net of refunds, as the chart's days and 成本's 收入 are: paid ¥158 less ¥30 refunded
              // showed ¥158 here beside a day of ¥128 on the chart and in 成本.
              ['收入（元）', formatYuan(data.revenueFen - data.refundedFen)],
              ['退款（元）', formatYuan(data.refundedFen)],
              ['VIP 会员', data.vipMembers],
              ['服务失败退回', data.providerFailures],
            ]}
          />
          <Row gutter={[12, 12]} className="admin-charts">
            {/* Two charts, not one: a day's ¥300 on the axis of a day's 3 new users flattens the users. */}
            <Col xs={24} lg={12}>
              <ChartCard title="每日新用户（人）" height={220}>
                <BarChart data={series}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} width={40} />
                  <Tooltip {...TOOLTIP_STYLE} formatter={(value) => [`${value} 人`, '新用户']} />
                  <Bar dataKey="newUsers" name="新用户" fill={USERS_COLOR} maxBarSize={32} />
                </BarChart>
              </ChartCard>
            </Col>
            <Col xs={24} lg={12}>
              <ChartCard title="每日收入（元）" height={220}>
                <LineChart data={series}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" />
                  <YAxis width={56} tickFormatter={(yuan: number) => `¥${yuan}`} />
                  <Tooltip
                    {...TOOLTIP_STYLE}
                    formatter={(value) => [`¥${Number(value).toFixed(2)}`, '收入']}
                  />
                  <Line
                    type="monotone"
                    dataKey="revenue"
                    name="收入"
                    stroke={REVENUE_COLOR}
                    strokeWidth={2}
                  />
                </LineChart>
              </ChartCard>
            </Col>
            <Col xs={24}>
              {/* Bars lying down: the features' names stay readable on a phone. */}
              <ChartCard title="各功能用量（次）" height={40 + 32 * data.uses.length}>
                <BarChart data={data.uses} layout="vertical">
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="name" width={84} interval={0} />
                  <Tooltip {...TOOLTIP_STYLE} />
                  <Bar dataKey="used" name="次数" fill={USERS_COLOR} maxBarSize={20} />
                </BarChart>
              </ChartCard>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
