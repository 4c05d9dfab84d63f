import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingNotification, PaymentChannel, ReportedPayment } from './payment-channel.ts';
import { PaymentRejected } from './payment-channel.ts';

/** The fields the sandbox cashier signs, in this order. */
const SIGNED_FIELDS = ['orderNo', 'amount', 'tradeNo'] as const;

/** Whether a cashier form carries the signature this server made for its fields. */
export function hasSandboxSignature(secret: string, form: URLSearchParams): boolean {
  const fields = {
    orderNo: form.get('orderNo') ?? '',
    amount: form.get('amount') ?? '',
    tradeNo: form.get('tradeNo') ?? '',
  };
  const expected = Buffer.from(sandboxSignature(secret, fields));
  const given = Buffer.from(form.get('sign') ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function sandboxSignature(
  secret: string,
  fields: Record<(typeof SIGNED_FIELDS)[number], string>,
): string {
  const text = SIGNED_FIELDS.map((f) => `${f}=${fields[f]}`).join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * The sandbox: a cashier page served by this app (确认支付 / 取消) whose confirm button sends a
 * notification signed with HMAC-SHA256, through the same notification path as the real channels.
 * No money moves; in production it is only for the test accounts in PAY_SANDBOX_PHONES.
 */
export function sandboxChannel(secret: string): PaymentChannel {
  return {
    name: 'sandbox',
    sandbox: true,
    async create(order, urls) {
      const url = `${urls.baseUrl}/pay/sandbox/${encodeURIComponent(order.orderNo)}`;
      return { qrCode: url, payUrl: url };
    },
    // The sandbox has no provider to ask: its notifications arrive at once, its refunds too.
    async query() {
      return null;
    },
    async refund() {
      return 'succeeded' as const;
    },
    async queryRefund() {
      return 'succeeded' as const;
    },
    async verify({ rawBody }: IncomingNotification): Promise<ReportedPayment> {
      const form = new URLSearchParams(rawBody);
      const orderNo = form.get('orderNo') ?? '';
      if (!hasSandboxSignature(secret, form)) {
        throw new PaymentRejected('sandbox notification signature does not match', orderNo);
      }
      const amount = Number(form.get('amount'));
      if (!Number.isSafeInteger(amount))
        throw new PaymentRejected('sandbox amount is not an integer', orderNo);
      return { orderNo, amount, tradeNo: form.get('tradeNo') ?? '' };
    },
    replies: {
      accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      refused: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
  };
}
