import {
  EnvelopeSchema,
  ORDER_LIMITS,
  OrderCheckQuery,
  OrderPage,
  OrderView,
  PAGE_SIZE,
  PayBody,
  PayChannelList,
  PayResult,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { NOTIFY_PREFIX } from '../../http/request-signature.ts';
import { sandboxSignature } from '../../providers/payment/sandbox-channel.ts';
import { cashierPage, notFoundPage, resultPage } from './cashier-page.ts';
import { findOrder } from './repository.ts';
import * as service from './service.ts';

export interface OrderRoutesOptions {
  deps: service.OrderDeps;
  publicBaseUrl: string | null;
  sandboxSecret: string;
}

/** Plans are bought here: create an order, check it, list them; providers' notifications; the sandbox cashier. */
export const orderRoutes: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const baseUrl = (request: FastifyRequest) =>
    options.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/v1/payChannels',
    { schema: { response: { 200: EnvelopeSchema(PayChannelList) } } },
    async () => ok(service.channelList(deps)),
  );

  app.post(
    '/api/v1/pay/',
    { preHandler: app.requireUser, schema: { body: PayBody, response: { 200: EnvelopeSchema(PayResult) } } },
    async (request) =>
      ok(
        await service.createOrder(deps, signedInUser(request).userId, request.body, baseUrl(request)),
        '订单已创建',
      ),
  );

  app.get(
    '/api/v1/callback/order/',
    {
      preHandler: app.requireUser,
      schema: { querystring: OrderCheckQuery, response: { 200: EnvelopeSchema(OrderView) } },
    },
    async (request) =>
      ok(await service.checkOrder(deps, signedInUser(request).userId, request.query.orderNo)),
  );

  app.get(
    '/api/v1/orderList',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({
          pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGE_SIZE.orders })),
        }),
        response: { 200: EnvelopeSchema(OrderPage) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.orders } = request.query;
      return ok(await service.listOrders(deps.db, signedInUser(request).userId, { pageNo, pageSize }));
    },
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

    if (!deps.channels.has('sandbox')) return;

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
      return reply.send(
        cashierPage(order, { ...fields, sign: sandboxSignature(options.sandboxSecret, fields) }),
      );
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

    raw.post('/pay/sandbox/:orderNo/cancel', async (request, reply) => {
      await service.cancelSandboxOrder(deps, (request.params as { orderNo: string }).orderNo);
      return reply.type('text/html; charset=utf-8').send(resultPage(false, '已取消支付，订单已关闭。'));
    });
  });

  // Unpaid orders close after 15 minutes. The state lives in the database, so a restart loses
  // nothing: the next sweep (on any node) closes what is due, and polling settles an order at once.
  const sweep = setInterval(() => {
    service.closeExpiredOrders(deps).catch((err) => app.log.error({ err }, 'closing expired orders failed'));
  }, ORDER_LIMITS.closeSweepEveryMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};
