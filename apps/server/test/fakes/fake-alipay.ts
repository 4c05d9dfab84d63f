import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An RSA-2048 key pair as PEM (PKCS8 private, SPKI public), made by the test. */
export function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Alipay's RSA2 content: sorted `key=value` pairs joined by `&`, leaving out `sign` (and `sign_type` if asked). */
export function alipaySignContent(params: Record<string, string>, withoutSignType = false): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(withoutSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** A notification as Alipay posts it: form fields signed with Alipay's private key. */
export function signedNotification(
  fields: Record<string, string>,
  alipayPrivateKey: string,
): Record<string, string> {
  const params = { sign_type: 'RSA2', charset: 'utf-8', ...fields };
  return { ...params, sign: rsa2Sign(alipaySignContent(params), alipayPrivateKey) };
}

export interface FakeAlipay {
  url: string;
  /** Requests received, with whether their RSA2 signature checked out against the merchant's key. */
  requests: {
    method: string;
    signatureValid: boolean;
    biz: Record<string, string>;
    notifyUrl: string | undefined;
  }[];
  /** Orders the fake considers paid: out_trade_no → total_amount. */
  paid: Map<string, string>;
  /** Refunds made, by out_request_no: what a second identical request must not repeat. */
  refunds: Map<string, { orderNo: string; amount: string }>;
  /** Answer refunds with this business error instead (e.g. ACQ.SELLER_BALANCE_NOT_ENOUGH). */
  refuseRefundsWith: string | null;
  close(): Promise<void>;
}

/** Alipay's answer to a call it understood but refused (40004), with its sub-code and, if given, text. */
function businessFailed(subCode: string, subMsg?: string): Record<string, string> {
  return { code: '40004', msg: 'Business Failed', sub_code: subCode, ...(subMsg ? { sub_msg: subMsg } : {}) };
}

/** Alipay's answer to a call that succeeded, with the method's own fields. */
function succeeded(fields: Record<string, string> = {}): Record<string, string> {
  return { code: '10000', msg: 'Success', ...fields };
}

/**
 * A fake Alipay open-API gateway: checks the merchant's RSA2 request signature, answers
 * `alipay.trade.precreate` and `alipay.trade.query` the way Alipay does, signed with its own key.
 */
export async function startFakeAlipay(keys: {
  merchantPublicKey: string;
  alipayPrivateKey: string;
}): Promise<FakeAlipay> {
  const state: FakeAlipay = {
    url: '',
    requests: [],
    paid: new Map(),
    refunds: new Map(),
    refuseRefundsWith: null,
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    const body = Buffer.concat(parts).toString('utf8');
    if (body) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    const signatureValid = createVerify('RSA-SHA256')
      .update(alipaySignContent(params), 'utf8')
      .verify(keys.merchantPublicKey, params.sign ?? '', 'base64');
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const method = params.method ?? '';
    state.requests.push({ method, signatureValid, biz, notifyUrl: params.notify_url });

    const key = `${method.replaceAll('.', '_')}_response`;
    let answer: Record<string, string>;
    if (!signatureValid) {
      answer = {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      };
    } else if (method === 'alipay.trade.precreate') {
      answer = succeeded({
        out_trade_no: biz.out_trade_no ?? '',
        qr_code: `https://qr.alipay.com/fake${biz.out_trade_no}`,
      });
    } else if (method === 'alipay.trade.query') {
      const amount = state.paid.get(biz.out_trade_no ?? '');
      answer = amount
        ? succeeded({
            out_trade_no: biz.out_trade_no ?? '',
            trade_no: `2026${biz.out_trade_no}`,
            trade_status: 'TRADE_SUCCESS',
            total_amount: amount,
          })
        : businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    } else if (method === 'alipay.trade.refund') {
      const orderNo = biz.out_trade_no ?? '';
      if (state.refuseRefundsWith) {
        answer = businessFailed(state.refuseRefundsWith, '退款失败');
      } else if (!state.paid.has(orderNo)) {
        answer = businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在');
      } else {
        const first = !state.refunds.has(biz.out_request_no ?? '');
        state.refunds.set(biz.out_request_no ?? '', { orderNo, amount: biz.refund_amount ?? '' });
        answer = succeeded({
          out_trade_no: orderNo,
          refund_fee: biz.refund_amount ?? '',
          fund_change: first ? 'Y' : 'N',
        });
      }
    } else if (method === 'alipay.trade.fastpay.refund.query') {
      const refund = state.refunds.get(biz.out_request_no ?? '');
      answer = refund
        ? succeeded({ out_request_no: biz.out_request_no ?? '', refund_status: 'REFUND_SUCCESS' })
        : succeeded();
    } else {
      answer = businessFailed('isv.unknown-method');
    }
    const json = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${json},"sign":"${rsa2Sign(json, keys.alipayPrivateKey)}"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
