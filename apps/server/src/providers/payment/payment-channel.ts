import type { PayChannel } from '@chuhai/contract';

/** What a channel needs to know about an order. */
export interface PaymentOrder {
  orderNo: string;
  /** Fen. */
  amount: number;
  productName: string;
  expiresAt: number;
}

/** A payment the provider reports (by notification or active query), after its signature checked out. */
export interface ReportedPayment {
  orderNo: string;
  /** Fen, as the provider reports it: compared with the order's amount before anything is granted. */
  amount: number;
  tradeNo: string;
}

export interface RefundRequest {
  refundNo: string;
  /** Fen. */
  amount: number;
  reason: string;
}

export type RefundState = 'succeeded' | 'pending';

/** A notification exactly as it arrived, for the channel to verify. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The answer a provider expects to a notification. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** A forged, tampered or foreign notification: logged and refused, nothing granted. */
export class PaymentRejected extends Error {
  override name = 'PaymentRejected';
  /** The order number the notification claimed, when it could be read. */
  readonly orderNo: string;
  constructor(message: string, orderNo = '') {
    super(message);
    this.orderNo = orderNo;
  }
}

/** One way to pay (支付宝, 微信支付, the sandbox), behind one interface. */
export interface PaymentChannel {
  readonly name: PayChannel;
  readonly sandbox: boolean;
  /** Asks the provider for what the payer scans or opens. */
  create(order: PaymentOrder, urls: { baseUrl: string }): Promise<{ qrCode: string; payUrl: string | null }>;
  /** Active query: the payment when the provider has the order paid, else null. */
  query(order: PaymentOrder): Promise<ReportedPayment | null>;
  /**
   * Refunds `refund.amount` fen of a paid order under our `refundNo` (the provider's idempotency
   * key: asking twice refunds once). `succeeded` when the money is on its way back, `pending`
   * while the provider works on it; throws when the provider refuses.
   */
  refund(order: PaymentOrder, refund: RefundRequest): Promise<RefundState>;
  /** How a pending refund ended. */
  queryRefund(order: PaymentOrder, refundNo: string): Promise<RefundState | 'failed'>;
  /** Checks signature and merchant; returns the payment, null for a non-payment event, or throws PaymentRejected. */
  verify(notification: IncomingNotification): Promise<ReportedPayment | null>;
  readonly replies: { accepted: NotificationReply; refused: NotificationReply };
}
