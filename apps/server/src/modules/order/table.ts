import type { Generated } from 'kysely';

/** One purchase of a plan. pending → paid, or pending → closed (15 minutes unpaid), or paid → refunded. */
export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product_id: string;
  /** Name, days and amount are copied from the plan when ordered, so later price changes leave it alone. */
  product_name: string;
  days: number;
  /** Fen. */
  amount: number;
  channel: string;
  status: string;
  provider_trade_no: string | null;
  /** The VIP end the payment brought. */
  vip_end_at: number | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  /** When a node last asked the provider about this order (queries are rationed per order). */
  queried_at: number | null;
  /** Fen refunded so far (partial refunds add up to at most `amount`). */
  refunded_amount: Generated<number>;
  /** The pay screen's key for this order (unique per seller): a repeat answers this order. */
  pay_key: Generated<string | null>;
  /** How to pay it, as the channel answered: the QR code's content and the browser's pay page. */
  qr_code: Generated<string | null>;
  pay_url: Generated<string | null>;
}

/** One refund of (part of) an order, asked for by an operator; `refund_no` is the provider's key. */
export interface RefundTable {
  id: Generated<number>;
  refund_no: string;
  order_no: string;
  amount: number;
  reason: string;
  /** `pending` while the provider works on it, then `succeeded` or `failed`. */
  status: string;
  actor_id: number;
  vip_days_taken: Generated<number>;
  detail: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Every notification, active query or sandbox action about an order, and what came of it. */
export interface PaymentEventTable {
  id: Generated<number>;
  order_no: string;
  channel: string;
  /** `notify`, `query`, `sandbox`. */
  kind: string;
  /** `applied`, `duplicate`, `late-applied`, `rejected`, `pending`, `closed`. */
  outcome: string;
  detail: string;
  created_at: number;
}

export interface OrderTables {
  orders: OrderTable;
  payment_events: PaymentEventTable;
  refunds: RefundTable;
}
