import { type Static, Type } from 'typebox';
import { ActionKey } from './action-key.ts';
import { Page } from './paging.ts';

/** Plans, orders and payment (PRODUCT.md "Catalogue, orders and payment"). Amounts are fen (integers). */

export const Plan = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  name: Type.String({ minLength: 1 }),
  days: Type.Integer({ minimum: 1, maximum: 3660 }),
  price: Type.Integer({ minimum: 1 }),
  originalPrice: Type.Integer({ minimum: 0 }),
  badge: Type.String(),
  benefits: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

/** `product.json` (spec section 7): served statically, and read by the server to price orders. */
export const Catalogue = Type.Object({
  currency: Type.Literal('CNY'),
  plans: Type.Array(Plan, { minItems: 1 }),
});
export type Catalogue = Static<typeof Catalogue>;

export const PAY_CHANNELS = ['alipay', 'wechat', 'sandbox'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const PAY_CHANNEL_NAMES: Record<PayChannel, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '沙箱支付',
};

export const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunding', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunding: '退款中',
  refunded: '已退款',
};

/** `POST /api/v1/pay/` */
export const PayBody = Type.Object({
  productId: Type.String({ maxLength: 40 }),
  channel: Type.String({ maxLength: 16 }),
  /**
   * The pay screen's key for this order (ActionKey): a repeat with the same key (a double click on
   * 确认下单, a retry after a lost answer) answers the order the first request made, with the same
   * QR code and pay page, instead of a second order.
   */
  payKey: Type.Optional(ActionKey),
});
export type PayBody = Static<typeof PayBody>;

export const OrderView = Type.Object({
  orderNo: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  days: Type.Integer(),
  /** Fen. */
  amount: Type.Integer(),
  channel: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('paid'),
    Type.Literal('closed'),
    Type.Literal('refunding'),
    Type.Literal('refunded'),
  ]),
  createdAt: Type.Number(),
  expiresAt: Type.Number(),
  paidAt: Type.Union([Type.Number(), Type.Null()]),
  /** The VIP end date this order brought, once paid. */
  vipEndAt: Type.Union([Type.Number(), Type.Null()]),
  /** Fen refunded so far: part of `amount` while the order stays paid, all of it once refunded. */
  refundedAmount: Type.Optional(Type.Integer()),
});
export type OrderView = Static<typeof OrderView>;

/** 已支付, 部分退款 ¥10.00, 已退款 ¥29.90…: an order's state as the seller reads it. */
export function orderStatusText(
  order: Pick<OrderView, 'status' | 'refundedAmount'>,
  yuan: (fen: number) => string,
) {
  const refunded = order.refundedAmount ?? 0;
  if (order.status === 'refunded') return `已退款 ¥${yuan(refunded)}`;
  if (refunded > 0) return `${order.status === 'refunding' ? '退款中，' : ''}部分退款 ¥${yuan(refunded)}`;
  return ORDER_STATUS_NAMES[order.status];
}

/** What the pay screen needs: the order, and how to pay it on the chosen channel. */
export const PayResult = Type.Object({
  order: OrderView,
  /** Content of the QR code to show (a URL the payer's phone opens). */
  qrCode: Type.String(),
  /** A page to pay in the browser instead, when the channel has one. */
  payUrl: Type.Union([Type.String(), Type.Null()]),
});
export type PayResult = Static<typeof PayResult>;

/** `GET /api/v1/callback/order/?orderNo=`: the order's state, asking the provider when still pending. */
export const OrderCheckQuery = Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 40 }) });

export const OrderPage = Page(OrderView);
export type OrderPage = Static<typeof OrderPage>;

/** `GET /api/v1/payChannels`: which channels this server offers (sandbox only where enabled). */
export const PayChannelList = Type.Array(
  Type.Object({ channel: Type.String(), name: Type.String(), sandbox: Type.Boolean() }),
);
export type PayChannelList = Static<typeof PayChannelList>;
