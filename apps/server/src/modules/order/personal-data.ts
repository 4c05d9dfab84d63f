import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import * as orders from './repository.ts';

const LAW = '交易记录按《电子商务法》保存不少于三年；账号已匿名，订单上没有手机号';

/** Orders and refunds stay for the law; the export lists the seller's orders. */
export const orderPersonalData: PersonalData = {
  tables: [
    { table: 'orders', columns: ['user_id'], onDelete: { kept: LAW } },
    { table: 'refunds', columns: ['actor_id'], onDelete: { kept: `操作员的退款记录；${LAW}` } },
  ],
  exportFor: exportRowsAs('orders', orders.allOrders, (o) => ({
    orderNo: o.order_no,
    productName: o.product_name,
    amountFen: Number(o.amount),
    channel: o.channel,
    status: o.status,
    createdAt: Number(o.created_at),
    paidAt: o.paid_at === null ? null : Number(o.paid_at),
  })),
};
