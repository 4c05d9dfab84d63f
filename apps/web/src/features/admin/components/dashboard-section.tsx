import { Card, Col, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatYuan } from '../../../lib/money';
import { useDashboard } from '../api/get-dashboard';

/** 概览: the figures of today, the last 7 or 30 days, and their day-by-day series. */
export function DashboardSection() {
  const [days, setDays] = useState<1 | 7 | 30>(7);
  const stats = useDashboard(days);
  const data = stats.data;

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
          <Row gutter={[12, 12]}>
            {[
              ['新用户', data.newUsers],
              ['活跃用户', data.activeUsers],
              ['支付订单', data.paidOrders],
              ['收入（元）', formatYuan(data.revenueFen)],
              ['退款（元）', formatYuan(data.refundedFen)],
              ['VIP 会员', data.vipMembers],
              ['服务失败退回', data.providerFailures],
            ].map(([title, value]) => (
              <Col key={title} xs={12} md={6} xl={3}>
                <Card size="small">
                  <Statistic title={title} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]} className="admin-charts">
            <Col xs={24} lg={12}>
              <Card size="small" title="每日新用户与收入（元）">
                <ResponsiveContainer width="100%" height={240}>
                  <LineChart data={data.series.map((d) => ({ ...d, revenue: d.revenueFen / 100 }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} />
                    <YAxis />
                    <Tooltip />
                    <Line type="monotone" dataKey="newUsers" name="新用户" stroke="#1b5cff" />
                    <Line type="monotone" dataKey="revenue" name="收入" stroke="#f59e0b" />
                  </LineChart>
                </ResponsiveContainer>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title="各功能用量">
                <ResponsiveContainer width="100%" height={240}>
                  <BarChart data={data.uses}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="name" />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="used" name="次数" fill="#1b5cff" />
                  </BarChart>
                </ResponsiveContainer>
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
