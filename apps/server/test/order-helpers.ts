import type { App } from '../src/app.ts';
import { sandboxSignature } from '../src/providers/payment/sandbox-channel.ts';
import { auth, get, post } from './account-helpers.ts';

/** `POST /api/v1/pay/` as the pay screen sends it (extra fields are what a tampering client adds). */
export function pay(
  app: App,
  token: string,
  order: { productId: string; channel: string; amount?: number; payKey?: string },
) {
  return post(app, '/api/v1/pay/', order, auth(token));
}

/** Orders a plan on the sandbox channel; returns the pay result. */
export async function orderPlan(app: App, token: string, productId = 'vip-month', channel = 'sandbox') {
  const response = await pay(app, token, { productId, channel });
  if (response.statusCode !== 200) throw new Error(`pay: ${response.body}`);
  return response.json().data;
}

/** The hidden fields of the sandbox cashier page, as a browser would post them. */
export async function cashierForm(app: App, orderNo: string): Promise<Record<string, string>> {
  const page = await app.inject({ method: 'GET', url: `/pay/sandbox/${orderNo}` });
  const fields: Record<string, string> = {};
  for (const match of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = (match[2] as string).replace(/&#(\d+);/g, (_, c) =>
      String.fromCharCode(Number(c)),
    );
  }
  return fields;
}

/** Posts the cashier's 确认支付 form (optionally tampered with). */
export function confirmAtCashier(app: App, orderNo: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/pay/sandbox/${orderNo}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A notification signed with the sandbox secret, straight to the notification endpoint. */
export function notifySandbox(
  app: App,
  secret: string,
  fields: { orderNo: string; amount: string; tradeNo: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, sign: sandboxSignature(secret, fields) }).toString(),
  });
}

export async function checkOrder(app: App, token: string, orderNo: string) {
  return (await get(app, `/api/v1/callback/order/?orderNo=${orderNo}`, auth(token))).json();
}
