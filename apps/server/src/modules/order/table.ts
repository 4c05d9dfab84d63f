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
}
