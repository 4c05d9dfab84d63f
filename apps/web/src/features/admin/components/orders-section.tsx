import { type AdminOrderRow, ORDER_STATUS_NAMES, ORDER_STATUSES, PAY_CHANNEL_NAMES } from '@chuhai/contract';
import { Button, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { serverPaging } from '../../../components/ui/table-paging';
import { downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { formatYuan } from '../../../lib/money';
import { useAdminOrders } from '../api/get-admin-orders';
import { usePhoneWidth } from '../use-phone-width';
import { OrderDrawer } from './order-drawer';

/** 订单: filter by status, channel, dates and phone; open one to see its events and refund it. */
export function OrdersSection() {
  const [filter, setFilter] = useState<{
    status?: string;
    channel?: string;
    phone?: string;
    from?: number;
    to?: number;
  }>({});
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const orders = useAdminOrders({ ...filter, pageNo });
  const list = orders.data?.list ?? [];
  const phone = usePhoneWidth();
  const change = (next: Partial<typeof filter>) => {
    setFilter({ ...filter, ...next });
    setPageNo(1);
  };

  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>订单</h2>
        <Space wrap>
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 110 }}
            onChange={(status?: string) => change({ status })}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_NAMES[s] }))}
            aria-label="订单状态"
          />
          <Select
            allowClear
            placeholder="渠道"
            style={{ width: 110 }}
            onChange={(channel?: string) => change({ channel })}
            options={Object.entries(PAY_CHANNEL_NAMES).map(([value, label]) => ({ value, label }))}
            aria-label="支付渠道"
          />
          <DatePicker.RangePicker
            onChange={(range) => {
              const [from, to] = (range ?? []) as [Dayjs | null, Dayjs | null];
              change({ from: from?.startOf('day').valueOf(), to: to?.endOf('day').valueOf() });
            }}
          />
          <Input.Search
            placeholder="手机号"
            allowClear
            onSearch={(phone) => change({ phone: phone.trim() || undefined })}
            aria-label="按手机号查订单"
          />
          <Button
            onClick={() =>
              downloadCsv(
                '订单.csv',
                [
                  '订单号',
                  '手机号',
                  '套餐',
                  '金额（元）',
                  '已退（元）',
                  '渠道',
                  '状态',
                  '下单时间',
                  '支付时间',
                ],
                list.map((o) => [
                  o.orderNo,
                  o.phone,
                  o.productName,
                  formatYuan(o.amount),
                  formatYuan(o.refundedAmount),
                  PAY_CHANNEL_NAMES[o.channel as keyof typeof PAY_CHANNEL_NAMES] ?? o.channel,
                  ORDER_STATUS_NAMES[o.status],
                  formatDateTime(o.createdAt),
                  o.paidAt ? formatDateTime(o.paidAt) : '',
                ]),
              )
            }
          >
            导出 CSV
          </Button>
        </Space>
      </div>
      <Table<AdminOrderRow>
        rowKey="orderNo"
        size="small"
        loading={orders.isFetching}
        dataSource={list}
        // On a phone: who, what, how much and its state (the order number and times are in the drawer).
        scroll={phone ? undefined : { x: 760 }}
        pagination={serverPaging('adminOrders', { pageNo, onPage: setPageNo, total: orders.data?.total })}
        onRow={(row) => ({ onClick: () => setOpen(row.orderNo) })}
        rowClassName="admin-row"
        columns={[
          ...(phone ? [] : [{ title: '订单号', dataIndex: 'orderNo' }]),
          { title: '手机号', dataIndex: 'phone' },
          { title: '套餐', dataIndex: 'productName' },
          { title: '金额', dataIndex: 'amount', render: (fen: number) => `¥${formatYuan(fen)}` },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: AdminOrderRow['status']) => ORDER_STATUS_NAMES[s],
          },
          ...(phone
            ? []
            : [{ title: '下单时间', dataIndex: 'createdAt', render: (at: number) => formatDateTime(at) }]),
        ]}
      />
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </div>
  );
}
