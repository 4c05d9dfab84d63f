import { chinaDateTime } from '@chuhai/contract';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import {
  type IncomingNotification,
  type PaymentChannel,
  type PaymentOrder,
  PaymentRejected,
  type RefundRequest,
  type ReportedPayment,
} from './payment-channel.ts';

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** `yyyy-MM-dd HH:mm:ss` in China time, as Alipay's `time_expire` wants it. */
function alipayTime(epochMs: number): string {
  return chinaDateTime(epochMs).replace('T', ' ');
}

/**
 * 支付宝 through the official `alipay-sdk`: 当面付 precreate gives the QR code, `alipay.trade.query`
 * is the active query, and notifications are checked with RSA2 against the Alipay public key, then
 * against our app id (and seller id when set), so a notification for another merchant is refused.
 */
export function alipayChannel(config: AlipayConfig): PaymentChannel {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    keyType: config.keyType,
    signType: 'RSA2',
    timeout: 10_000,
  });

  const paymentOf = (fields: Record<string, string | undefined>): ReportedPayment | null => {
    if (!PAID_STATES.has(fields.trade_status ?? '')) return null;
    const amount = yuanToFen(fields.total_amount ?? '');
    if (amount === null)
      throw new PaymentRejected('alipay amount is not a number', fields.out_trade_no ?? '');
    return { orderNo: fields.out_trade_no ?? '', amount, tradeNo: fields.trade_no ?? '' };
  };

  return {
    name: 'alipay',
    sandbox: false,
    async create(order: PaymentOrder) {
      const result = await sdk.exec(
        'alipay.trade.precreate',
        {
          notifyUrl: config.notifyUrl,
          bizContent: {
            outTradeNo: order.orderNo,
            totalAmount: fenToYuan(order.amount),
            subject: `出海助手 ${order.productName}`,
            timeExpire: alipayTime(order.expiresAt),
          },
        },
        { validateSign: true },
      );
      if (result.code !== '10000' || !result.qrCode) {
        throw new Error(`alipay precreate failed: ${result.code} ${result.subMsg ?? result.msg}`);
      }
      return { qrCode: String(result.qrCode), payUrl: null };
    },

    async query(order: PaymentOrder) {
      const result = await sdk.exec(
        'alipay.trade.query',
        { bizContent: { outTradeNo: order.orderNo } },
        { validateSign: true },
      );
      // 40004 ACQ.TRADE_NOT_EXIST: the payer has not scanned yet.
      if (result.code !== '10000') return null;
      return paymentOf({
        trade_status: result.tradeStatus,
        total_amount: result.totalAmount,
        out_trade_no: result.outTradeNo,
        trade_no: result.tradeNo,
      });
    },

    // 统一收单交易退款: synchronous; the same out_request_no twice refunds once.
    async refund(order: PaymentOrder, refund: RefundRequest) {
      const result = await sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            outTradeNo: order.orderNo,
            refundAmount: fenToYuan(refund.amount),
            outRequestNo: refund.refundNo,
            refundReason: refund.reason,
          },
        },
        { validateSign: true },
      );
      if (result.code !== '10000')
        throw new Error(
          `alipay refund refused: ${result.subCode ?? result.code} ${result.subMsg ?? result.msg}`,
        );
      return 'succeeded' as const;
    },

    async queryRefund(order: PaymentOrder, refundNo: string) {
      const result = await sdk.exec(
        'alipay.trade.fastpay.refund.query',
        { bizContent: { outTradeNo: order.orderNo, outRequestNo: refundNo } },
        { validateSign: true },
      );
      if (result.code !== '10000') return 'failed' as const;
      return result.refundStatus === 'REFUND_SUCCESS' ? ('succeeded' as const) : ('pending' as const);
    },

    async verify({ rawBody }: IncomingNotification) {
      const fields = Object.fromEntries(new URLSearchParams(rawBody));
      const orderNo = fields.out_trade_no ?? '';
      // Signed over the decoded values, which URLSearchParams has already produced.
      if (!sdk.checkNotifySign(fields, true))
        throw new PaymentRejected('alipay notification signature is invalid', orderNo);
      if (fields.app_id !== config.appId)
        throw new PaymentRejected(`alipay notification for app ${fields.app_id}`, orderNo);
      if (config.sellerId && fields.seller_id !== config.sellerId) {
        throw new PaymentRejected(`alipay notification for seller ${fields.seller_id}`, orderNo);
      }
      return paymentOf(fields);
    },

    replies: {
      accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      refused: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
  };
}
