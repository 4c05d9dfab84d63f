import { createPrivateKey, createPublicKey } from 'node:crypto';
import { chinaDateTime } from '@chuhai/contract';
import type { WechatPayConfig } from '../../config.ts';
import {
  type IncomingNotification,
  type PaymentChannel,
  type PaymentOrder,
  PaymentRejected,
  type RefundRequest,
  type ReportedPayment,
} from './payment-channel.ts';
import { authorizationHeader, decryptResource, verifyWechatSignature } from './wechat-pay-crypto.ts';

/** Signed messages older or newer than this are refused (replays). */
const MAX_SKEW_S = 300;

function header(headers: IncomingNotification['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** RFC 3339 in China time, as `time_expire` wants it. */
function rfc3339China(epochMs: number): string {
  return `${chinaDateTime(epochMs)}+08:00`;
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/**
 * 微信支付 APIv3 Native (QR) payments, with the documented signing done by `node:crypto`: every
 * request signed with the merchant key, every response and notification checked against the WeChat
 * Pay public key (or platform certificate), notification resources decrypted with the APIv3 key,
 * and the merchant and app ids compared.
 */
export function wechatChannel(config: WechatPayConfig, now: () => number = Date.now): PaymentChannel {
  const privateKey = createPrivateKey(config.privateKey);
  // A public key or a platform certificate: Node reads the key out of either.
  const platformKey = createPublicKey(config.platformPublicKey);

  const checkSigned = (
    headers: IncomingNotification['headers'],
    body: string,
    what: string,
    orderNo = '',
  ) => {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    // Whole seconds only: `Number()` would also take ' 1e9', '0x…' or an empty header.
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > MAX_SKEW_S
    ) {
      throw new PaymentRejected(`wechat ${what} timestamp ${timestamp} is too far from now`, orderNo);
    }
    const valid = verifyWechatSignature({
      timestamp,
      nonce: header(headers, 'Wechatpay-Nonce'),
      body,
      signature: header(headers, 'Wechatpay-Signature'),
      publicKey: platformKey,
    });
    if (!valid) throw new PaymentRejected(`wechat ${what} signature is invalid`, orderNo);
  };

  const call = async (method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const response = await fetch(config.baseUrl + pathWithQuery, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'chuhai-assistant',
        authorization: authorizationHeader({
          method,
          pathWithQuery,
          body,
          mchId: config.mchId,
          serialNo: config.serialNo,
          privateKey,
        }),
      },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    checkSigned(Object.fromEntries(response.headers), text, 'response');
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  const paymentOf = (tx: Transaction): ReportedPayment | null => {
    const orderNo = tx.out_trade_no ?? '';
    if (tx.mchid !== config.mchId)
      throw new PaymentRejected(`wechat transaction for merchant ${tx.mchid}`, orderNo);
    if (tx.appid && tx.appid !== config.appId)
      throw new PaymentRejected(`wechat transaction for app ${tx.appid}`, orderNo);
    if (tx.trade_state !== 'SUCCESS') return null;
    const amount = tx.amount?.total;
    if (!Number.isSafeInteger(amount)) throw new PaymentRejected('wechat amount is missing', orderNo);
    return { orderNo, amount: amount as number, tradeNo: tx.transaction_id ?? '' };
  };

  return {
    name: 'wechat',
    sandbox: false,
    async create(order: PaymentOrder) {
      const { status, json } = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: `出海助手 ${order.productName}`,
        out_trade_no: order.orderNo,
        time_expire: rfc3339China(order.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: order.amount, currency: 'CNY' },
      });
      if (status !== 200 || typeof json.code_url !== 'string') {
        throw new Error(`wechat native order failed: ${status} ${String(json.code)} ${String(json.message)}`);
      }
      return { qrCode: json.code_url, payUrl: null };
    },

    async query(order: PaymentOrder) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderNo)}?mchid=${config.mchId}`;
      const { status, json } = await call('GET', path);
      if (status === 404) return null;
      if (status !== 200) throw new Error(`wechat query failed: ${status} ${String(json.code)}`);
      return paymentOf(json as Transaction);
    },

    // 申请退款 (domestic refunds): SUCCESS at once, or PROCESSING while the bank works on it.
    async refund(order: PaymentOrder, refund: RefundRequest) {
      const { status, json } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: order.orderNo,
        out_refund_no: refund.refundNo,
        reason: refund.reason,
        amount: { refund: refund.amount, total: order.amount, currency: 'CNY' },
      });
      if (status !== 200)
        throw new Error(`wechat refund refused: ${status} ${String(json.code)} ${String(json.message)}`);
      if (json.status === 'SUCCESS') return 'succeeded' as const;
      if (json.status === 'PROCESSING') return 'pending' as const;
      throw new Error(`wechat refund ended as ${String(json.status)}`);
    },

    async queryRefund(_order: PaymentOrder, refundNo: string) {
      const { status, json } = await call(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
      );
      if (status !== 200) return 'failed' as const;
      if (json.status === 'SUCCESS') return 'succeeded' as const;
      return json.status === 'PROCESSING' ? ('pending' as const) : ('failed' as const);
    },

    async verify({ headers, rawBody }: IncomingNotification) {
      checkSigned(headers, rawBody, 'notification');
      let event: {
        event_type?: string;
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new PaymentRejected('wechat notification is not JSON');
      }
      if (event.event_type !== 'TRANSACTION.SUCCESS' || !event.resource) return null;
      let tx: Transaction;
      try {
        tx = JSON.parse(decryptResource(event.resource, config.apiV3Key));
      } catch {
        throw new PaymentRejected('wechat notification resource does not decrypt with the APIv3 key');
      }
      return paymentOf(tx);
    },

    replies: {
      accepted: { status: 204, contentType: 'application/json', body: '' },
      refused: {
        status: 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message: '验签或订单校验未通过' }),
      },
    },
  };
}
