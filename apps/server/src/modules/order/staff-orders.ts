import { type AdminOrderDetail, type AdminOrderPage, type AdminOrderRow, ResultCode } from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import * as orders from './repository.ts';
import { toView } from './service.ts';

/** 运营后台 · 订单: filter, open one with its payment events and refunds. Refunds: `order/refunds.ts`. */
type OrderDbDeps = Pick<import('../../deps.ts').AppDeps, 'db'>;

function toRow(row: orders.OrderRow & { phone: string }): AdminOrderRow {
  return { ...toView(row), phone: row.phone, refundedAmount: Number(row.refunded_amount) };
}

export function searchOrders(
  deps: OrderDbDeps,
  query: PageParams & { status?: string; channel?: string; from?: number; to?: number; phone?: string },
): Promise<AdminOrderPage> {
  const filter = {
    status: query.status || undefined,
    channel: query.channel || undefined,
    from: query.from,
    to: query.to,
    phone: query.phone?.trim() || undefined,
  };
  return paginate(
    query,
    'adminOrders',
    {
      rows: (window) => orders.adminOrdersPage(deps.db, filter, window),
      total: () => orders.countAdminOrders(deps.db, filter),
    },
    toRow,
  );
}

export async function orderDetail(deps: OrderDbDeps, orderNo: string): Promise<AdminOrderDetail> {
  const [row] = await orders.adminOrdersPage(deps.db, { orderNo }, { offset: 0, limit: 1 });
  if (!row) throw new AppError(ResultCode.notFound, '订单不存在');
  const [events, refunds] = await Promise.all([
    orders.paymentEvents(deps.db, orderNo),
    orders.refundsOf(deps.db, orderNo),
  ]);
  return {
    order: toRow(row),
    events: events.map((e) => ({
      kind: e.kind,
      outcome: e.outcome,
      detail: e.detail,
      createdAt: Number(e.created_at),
    })),
    refunds: refunds.map((r) => ({
      refundNo: r.refund_no,
      amount: Number(r.amount),
      reason: r.reason,
      status: r.status,
      vipDaysTaken: Number(r.vip_days_taken),
      createdAt: Number(r.created_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    })),
  };
}
