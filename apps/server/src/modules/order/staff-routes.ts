import {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderQuery,
  EnvelopeSchema,
  RefundBody,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { Routes } from '../../app-module.ts';
import { requireMoneyAuth, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { refundOrder } from './refunds.ts';
import { orderDetail, searchOrders } from './staff-orders.ts';

const OrderNoParams = Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 40 }) });

/** 运营后台 · 订单: filter, open one with its payment events and refunds, refund (admin + two-factor). */
export const orderStaffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/orders',
    { schema: { querystring: AdminOrderQuery, response: { 200: EnvelopeSchema(AdminOrderPage) } } },
    async (request) => ok(await searchOrders(deps, request.query)),
  );

  app.get(
    '/api/admin/orders/:orderNo',
    { schema: { params: OrderNoParams, response: { 200: EnvelopeSchema(AdminOrderDetail) } } },
    async (request) => ok(await orderDetail(deps, request.params.orderNo)),
  );

  app.post(
    '/api/admin/orders/:orderNo/refund',
    {
      schema: {
        params: OrderNoParams,
        body: RefundBody,
        response: {
          200: EnvelopeSchema(Type.Object({ refundNo: Type.String(), status: Type.String() })),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await requireMoneyAuth(request, request.body.totp);
      const result = await refundOrder(
        deps,
        { userId: staff.userId, ip: request.ip },
        request.params.orderNo,
        {
          amount: request.body.amount,
          reason: request.body.reason,
        },
      );
      return ok(result, result.status === 'succeeded' ? '退款成功' : '退款已提交，渠道处理中');
    },
  );
};
