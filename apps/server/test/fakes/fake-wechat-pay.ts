import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** WeChat Pay's signature over a message it sends: `TIMESTAMP\nNONCE\nBODY\n`. */
export function wechatSign(body: string, platformPrivateKey: string, timestamp: number | string) {
  const nonce = randomBytes(12).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(platformPrivateKey, 'base64');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': 'PUB_KEY_ID_0000000000000001',
  };
}

/** Encrypts a transaction as a notification `resource` (AEAD_AES_256_GCM with the APIv3 key). */
export function encryptResource(plain: unknown, apiV3Key: string) {
  const nonce = randomBytes(6).toString('hex');
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([
    cipher.update(JSON.stringify(plain), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
    original_type: 'transaction',
  };
}

export interface FakeWechatPay {
  url: string;
  requests: { method: string; path: string; signatureValid: boolean; body: Record<string, unknown> }[];
  /** Transactions the fake considers paid, by out_trade_no. */
  paid: Map<string, { total: number }>;
  /** Sign responses with this key instead (to test a forged response). */
  signWith: string | null;
  /** Refunds by out_refund_no, with the status the fake reports (PROCESSING until a test moves it on). */
  refunds: Map<string, { orderNo: string; amount: number; status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' }>;
  /** The status a new refund starts in. */
  newRefundStatus: 'SUCCESS' | 'PROCESSING';
  close(): Promise<void>;
}

/** A fake WeChat Pay APIv3: checks the merchant's request signature, answers Native orders and queries, signed. */
export async function startFakeWechatPay(options: {
  merchantPublicKey: string;
  platformPrivateKey: string;
  mchId: string;
  appId: string;
  now: () => number;
}): Promise<FakeWechatPay> {
  const state: FakeWechatPay = {
    url: '',
    requests: [],
    paid: new Map(),
    refunds: new Map(),
    newRefundStatus: 'SUCCESS',
    signWith: null,
    close: async () => {},
  };
  const send = (res: ServerResponse, status: number, payload: unknown) => {
    const body = JSON.stringify(payload);
    const headers = wechatSign(
      body,
      state.signWith ?? options.platformPrivateKey,
      Math.floor(options.now() / 1000),
    );
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const body = Buffer.concat(parts).toString('utf8');
    const path = req.url ?? '';
    const auth = String(req.headers.authorization ?? '');
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
    const message = `${req.method}\n${path}\n${field('timestamp')}\n${field('nonce_str')}\n${body}\n`;
    const signatureValid =
      auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      field('mchid') === options.mchId &&
      createVerify('RSA-SHA256')
        .update(message)
        .verify(options.merchantPublicKey, field('signature'), 'base64');
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    state.requests.push({ method: req.method ?? '', path, signatureValid, body: json });
    if (!signatureValid) return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });

    if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
      return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${String(json.out_trade_no)}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=(.+)$/.exec(path);
    if (req.method === 'GET' && query) {
      const orderNo = decodeURIComponent(query[1] as string);
      const paid = state.paid.get(orderNo);
      if (!paid) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(res, 200, {
        appid: options.appId,
        mchid: options.mchId,
        out_trade_no: orderNo,
        transaction_id: `4200${orderNo}`,
        trade_state: 'SUCCESS',
        amount: { total: paid.total, payer_total: paid.total, currency: 'CNY' },
      });
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const orderNo = String(json.out_trade_no);
      const refundNo = String(json.out_refund_no);
      const amount = (json.amount as { refund: number } | undefined)?.refund ?? 0;
      if (!state.paid.has(orderNo))
        return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      const known = state.refunds.get(refundNo);
      const refund = known ?? { orderNo, amount, status: state.newRefundStatus };
      state.refunds.set(refundNo, refund);
      return send(res, 200, {
        out_refund_no: refundNo,
        out_trade_no: orderNo,
        status: refund.status,
        amount: { refund: refund.amount },
      });
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^?]+)$/.exec(path);
    if (req.method === 'GET' && refundQuery) {
      const refund = state.refunds.get(decodeURIComponent(refundQuery[1] as string));
      if (!refund) return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return send(res, 200, { out_refund_no: refundQuery[1], status: refund.status });
    }
    return send(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
