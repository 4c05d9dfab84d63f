import { orderStatusText } from '@chuhai/contract';
import { App, Button, Descriptions, Form, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { formatYuan } from '../../../lib/money';
import { useAdminOrder } from '../api/get-admin-order';
import { useStaffMe } from '../api/get-staff-me';
import { useRefund } from '../api/refund-order';
import { labelOf, PAYMENT_EVENT_KIND_NAMES, PAYMENT_OUTCOME_NAMES, REFUND_STATUS_NAMES } from '../labels';
import { usePhoneWidth } from '../use-phone-width';
import { DetailDrawer } from './detail-drawer';
import { PhoneCards } from './phone-cards';
import { ReasonInput } from './reason-input';
import { TotpInput } from './totp-input';

/** One order with its payment events and refunds, and 退款 (two-factor). */
export function OrderDrawer(props: { orderNo: string | null; onClose: () => void }) {
  const detail = useAdminOrder(props.orderNo);
  const refund = useRefund(props.orderNo ?? '');
  const [refunding, setRefunding] = useState(false);
  const { message } = App.useApp();
  const refundable = detail.data ? detail.data.order.amount - detail.data.order.refundedAmount : 0;
  // 客服 reads; a refund is an admin's (the server refuses anyone else after the form is filled in).
  const admin = useStaffMe().data?.role === 'admin';
  // On a phone the refunds and payment events are cards: their tables were wider than the drawer.
  const phone = usePhoneWidth();

  return (
    <DetailDrawer
      open={props.orderNo !== null}
      onClose={props.onClose}
      title="订单详情"
      width={600}
      data={detail.data}
    >
      {(data) => (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="订单号">{data.order.orderNo}</Descriptions.Item>
            <Descriptions.Item label="用户">{data.order.phone}</Descriptions.Item>
            <Descriptions.Item label="套餐">
              {data.order.productName}（{data.order.days} 天）
            </Descriptions.Item>
            <Descriptions.Item label="金额">
              ¥{formatYuan(data.order.amount)}
              {data.order.refundedAmount > 0 ? `，已退 ¥${formatYuan(data.order.refundedAmount)}` : ''}
            </Descriptions.Item>
            {/* 部分退款 ¥30.00 once part is refunded, as the seller's order list says: not 已支付. */}
            <Descriptions.Item label="状态">{orderStatusText(data.order, formatYuan)}</Descriptions.Item>
          </Descriptions>
          {admin && data.order.status === 'paid' && refundable > 0 ? (
            <Button danger className="admin-actions" onClick={() => setRefunding(true)}>
              退款
            </Button>
          ) : null}
          {refunding ? (
            <Form
              layout="vertical"
              onFinish={async (values: { yuan?: number; reason: string; totp: string }) => {
                const result = await refund.mutateAsync({
                  amount: values.yuan ? Math.round(values.yuan * 100) : undefined,
                  reason: values.reason,
                  totp: values.totp,
                });
                message.success(result.status === 'succeeded' ? '退款成功' : '退款已提交，渠道处理中');
                setRefunding(false);
              }}
            >
              <Form.Item name="yuan" label={`退款金额（元，留空退全部 ¥${formatYuan(refundable)}）`}>
                <InputNumber min={0.01} max={refundable / 100} precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <ReasonInput message="请写明退款原因" />
              <TotpInput />
              <Button type="primary" danger htmlType="submit" loading={refund.isPending}>
                确认退款
              </Button>
            </Form>
          ) : null}
          <h3>退款记录</h3>
          {phone ? (
            <PhoneCards
              label="退款记录"
              empty="没有退款"
              cards={data.refunds.map((r) => ({
                key: r.refundNo,
                label: `退款${r.refundNo}`,
                title: `¥${formatYuan(r.amount)}`,
                state: labelOf(REFUND_STATUS_NAMES, r.status),
                figures: [`退款号 ${r.refundNo}`, `收回 ${r.vipDaysTaken} 天`],
                detail: r.reason,
              }))}
            />
          ) : (
            <Table
              size="small"
              rowKey="refundNo"
              pagination={false}
              dataSource={data.refunds}
              locale={{ emptyText: '没有退款' }}
              columns={[
                { title: '退款号', dataIndex: 'refundNo' },
                { title: '金额', dataIndex: 'amount', render: (fen: number) => `¥${formatYuan(fen)}` },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (status: string) => labelOf(REFUND_STATUS_NAMES, status),
                },
                { title: '收回天数', dataIndex: 'vipDaysTaken' },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          )}
          <h3>支付事件</h3>
          {phone ? (
            <PhoneCards
              label="支付事件"
              cards={data.events.map((e) => ({
                key: `${e.createdAt}-${e.outcome}`,
                label: `${labelOf(PAYMENT_EVENT_KIND_NAMES, e.kind)} ${labelOf(PAYMENT_OUTCOME_NAMES, e.outcome)}`,
                title: labelOf(PAYMENT_EVENT_KIND_NAMES, e.kind),
                state: labelOf(PAYMENT_OUTCOME_NAMES, e.outcome),
                figures: [formatDateTime(e.createdAt)],
                detail: e.detail,
              }))}
            />
          ) : (
            <Table
              size="small"
              rowKey={(row) => `${row.createdAt}-${row.outcome}`}
              pagination={false}
              dataSource={data.events}
              columns={[
                // The short columns keep to one line: the long 说明 (a trade number) wraps, not
                // 「已入账」 one character a line.
                {
                  title: '时间',
                  dataIndex: 'createdAt',
                  className: 'admin-nowrap',
                  render: (at: number) => formatDateTime(at),
                },
                {
                  title: '来源',
                  dataIndex: 'kind',
                  className: 'admin-nowrap',
                  render: (kind: string) => labelOf(PAYMENT_EVENT_KIND_NAMES, kind),
                },
                {
                  title: '结果',
                  dataIndex: 'outcome',
                  className: 'admin-nowrap',
                  render: (outcome: string) => labelOf(PAYMENT_OUTCOME_NAMES, outcome),
                },
                { title: '说明', dataIndex: 'detail' },
              ]}
            />
          )}
        </>
      )}
    </DetailDrawer>
  );
}
