import {
  type OrderStatus,
  type OrderView,
  orderStatusText,
  PAY_CHANNEL_NAMES,
  type PayChannel,
} from '@chuhai/contract';
import { Card, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { serverPaging } from '../../../components/ui/table-paging';
import { formatDateTime } from '../../../lib/format';
import { formatYuan } from '../../../lib/money';
import { useOrderList } from '../api/pay';
import '../order.css';

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'blue',
  paid: 'green',
  closed: 'default',
  refunding: 'gold',
  refunded: 'orange',
};

/** 我的订单 in the personal centre, 15 a page. */
export function OrderListCard() {
  const [pageNo, setPageNo] = useState(1);
  const orders = useOrderList(pageNo);
  return (
    <Card title="我的订单" className="profile-orders">
      <Table<OrderView>
        rowKey="orderNo"
        size="small"
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        locale={{ emptyText: <Empty description="还没有订单" /> }}
        pagination={serverPaging('orders', { pageNo, onPage: setPageNo, total: orders.data?.total })}
        columns={[
          { title: '套餐', dataIndex: 'productName' },
          { title: '金额', dataIndex: 'amount', render: (fen: number) => `¥${formatYuan(fen)}` },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: OrderStatus, order: OrderView) => (
              <Tag color={STATUS_COLORS[status]}>{orderStatusText(order, formatYuan)}</Tag>
            ),
          },
          {
            title: '支付方式',
            dataIndex: 'channel',
            responsive: ['md'],
            render: (c: string) => PAY_CHANNEL_NAMES[c as PayChannel] ?? c,
          },
          {
            title: '下单时间',
            dataIndex: 'createdAt',
            responsive: ['sm'],
            render: (at: number) => formatDateTime(at),
          },
          { title: '订单号', dataIndex: 'orderNo', responsive: ['lg'] },
        ]}
      />
    </Card>
  );
}
