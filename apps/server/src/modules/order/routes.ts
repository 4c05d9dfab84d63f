import {
  EnvelopeSchema,
  ORDER_LIMITS,
  OrderCheckQuery,
  OrderPage,
  OrderView,
  PageQuery,
  PayBody,
  PayChannelList,
  PayResult,
} from '@chuhai/contract';
import type { FastifyRequest } from 'fastify';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { NOTIFY_PREFIX } from '../../http/request-signature.ts';
import { hasSandboxSignature, sandboxSignature } from '../../providers/payment/sandbox-channel.ts';
import { cashierPage, notFoundPage, resultPage } from './cashier-page.ts';
import { orderPersonalData } from './personal-data.ts';
import { settlePendingRefunds } from './refunds.ts';
import { findOrder } from './repository.ts';
import * as service from './service.ts';
import { orderStaffRoutes } from './staff-routes.ts';

/** Which channels are offered; the providers' notifications; the sandbox cashier. */
const publicRoutes: Routes = async (app, { deps }) => {
  const { sandboxSecret } = deps.config.payment;

  // Signed-in callers see the channels open to them (the production sandbox is for test accounts).
  app.get(
    '/api/v1/payChannels',
    { preHandler: app.optionalUser, schema: { response: { 200: EnvelopeSchema(PayChannelList) } } },
    async (request) => ok(await service.channelList(deps, request.account?.userId ?? null)),
  );

  // Providers sign their notifications over the exact bytes, so these routes keep the raw body.
  await app.register(async (raw) => {
    for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/plain']) {
      raw.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
    }

    raw.post(`${NOTIFY_PREFIX}:channel`, async (request, reply) => {
      const { channel } = request.params as { channel: string };
      const answer = await service.handleNotification(deps, channel, {
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
      });
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });

    if (!deps.payChannels.has('sandbox')) return;

    raw.get('/pay/sandbox/:orderNo', async (request, reply) => {
      const order = await findOrder(deps.db, (request.params as { orderNo: string }).orderNo);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!order) return reply.status(404).send(notFoundPage());
      if (order.channel !== 'sandbox') return reply.status(404).send(notFoundPage());
      const fields = {
        orderNo: order.order_no,
        amount: String(order.amount),
        tradeNo: `SANDBOX-${order.order_no}`,
      };
      return reply.send(cashierPage(order, { ...fields, sign: sandboxSignature(sandboxSecret, fields) }));
    });

    // 确认支付 hands the signed form to the same notification path a real provider uses.
    raw.post('/pay/sandbox/:orderNo/confirm', async (request, reply) => {
      const answer = await service.handleNotification(deps, 'sandbox', {
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
      });
      const paid = answer.status === 200;
      return reply
        .status(paid ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(
          resultPage(
            paid,
            paid
              ? '会员已生效，出海助手的支付页会自动显示结果。'
              : '支付信息校验未通过，未扣款也未开通会员。',
          ),
        );
    });

    // 取消 carries the cashier's signed fields too: nobody closes someone else's order by its number.
    raw.post('/pay/sandbox/:orderNo/cancel', async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const { orderNo } = request.params as { orderNo: string };
      const cancelled =
        form.get('orderNo') === orderNo &&
        hasSandboxSignature(sandboxSecret, form) &&
        (await service.cancelSandboxOrder(deps, orderNo));
      return reply
        .status(cancelled ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(
          cancelled
            ? resultPage(false, '已取消支付，订单已关闭。')
            : resultPage(false, '取消请求校验未通过，订单状态没有改变。'),
        );
    });
  });
};

/** Plans are bought here: create an order, check it, list them. */
const userRoutes: Routes = async (app, { deps }) => {
  const baseUrl = (request: FastifyRequest) =>
    deps.config.payment.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    '/api/v1/pay/',
    { schema: { body: PayBody, response: { 200: EnvelopeSchema(PayResult) } } },
    async (request) =>
      ok(await service.createOrder(deps, request.user.userId, request.body, baseUrl(request)), '订单已创建'),
  );

  app.get(
    '/api/v1/callback/order/',
    { schema: { querystring: OrderCheckQuery, response: { 200: EnvelopeSchema(OrderView) } } },
    async (request) => ok(await service.checkOrder(deps, request.user.userId, request.query.orderNo)),
  );

  app.get(
    '/api/v1/orderList',
    { schema: { querystring: PageQuery('orders'), response: { 200: EnvelopeSchema(OrderPage) } } },
    async (request) => ok(await service.listOrders(deps.db, request.user.userId, request.query)),
  );
};

export const orderModule: AppModule = {
  name: 'order',
  personalData: orderPersonalData,
  publicRoutes,
  userRoutes,
  staffRoutes: orderStaffRoutes,
  jobs: [
    // Unpaid orders close after ORDER_LIMITS.payWithinMinutes. The state lives in the database, so a
    // restart loses nothing: the next sweep (on any node) closes what is due, and polling settles an
    // order at once.
    {
      name: 'order.close-expired',
      everyMs: ORDER_LIMITS.closeSweepEveryMs,
      run: (deps) => service.closeExpiredOrders(deps),
    },
    // Refunds the provider is still working on (WeChat Pay PROCESSING) are asked about every minute.
    { name: 'order.settle-refunds', everyMs: 60_000, run: (deps) => settlePendingRefunds(deps) },
  ],
};
