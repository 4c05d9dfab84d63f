import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type Env,
  fail,
  type NodeEnv,
  REPO_ROOT,
  readBool,
  readChoice,
  readPhoneList,
  readRequired,
  readSecret,
} from './read-env.ts';

/** Plans and payment channels (README「支付」). */
export interface PaymentConfig {
  /** The plan list: the same `product.json` the web app serves. */
  productFile: string;
  /** Where providers and phones reach this site, e.g. https://chuhai.example.com; else the request's own origin. */
  publicBaseUrl: string | null;
  /** The sandbox cashier: on in development and test; in production see `sandboxPhones`. */
  sandbox: boolean;
  /** Signs the sandbox cashier's notifications. */
  sandboxSecret: string;
  /** In production, the only accounts that may pay in the sandbox; null elsewhere (everyone may). */
  sandboxPhones: string[] | null;
  alipay: AlipayConfig | null;
  wechat: WechatPayConfig | null;
}

/** 微信支付 APIv3 Native (README「支付」). */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** The merchant API private key (apiclient_key.pem). */
  privateKey: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  /** The 32-character APIv3 key that encrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay's public key, or the platform certificate (PEM), to check responses and notifications. */
  platformPublicKey: string;
  baseUrl: string;
  notifyUrl: string;
}

/** 支付宝当面付 (README「支付」). */
export interface AlipayConfig {
  appId: string;
  /** The app's private key (PEM, or the bare base64 the Alipay console shows). */
  privateKey: string;
  keyType: 'PKCS1' | 'PKCS8';
  /** Alipay's public key, to check responses and notifications. */
  alipayPublicKey: string;
  /** Only notifications for this seller (PID) are accepted, when set. */
  sellerId: string | null;
  gateway: string;
  notifyUrl: string;
}

/** The plan file, the public address, and whichever of 支付宝, 微信支付 and the sandbox are on. */
export function readPayment(env: Env, nodeEnv: NodeEnv, dataDir: string): PaymentConfig {
  const productFile = path.resolve(env.PRODUCT_FILE || path.join(REPO_ROOT, 'apps/web/public/product.json'));
  if (!existsSync(productFile)) fail('PRODUCT_FILE', env.PRODUCT_FILE ?? productFile, '套餐文件不存在');
  const base = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '') || null;
  if (base && !/^https?:\/\/[^\s/]+/.test(base))
    fail('PUBLIC_BASE_URL', base, '应为 https://你的域名，例如 https://chuhai.example.com');
  let alipay: AlipayConfig | null = null;
  if (env.ALIPAY_APP_ID?.trim()) {
    const because = 'ALIPAY_APP_ID 已设置、开通支付宝';
    if (!base)
      readRequired(
        env,
        'PUBLIC_BASE_URL',
        `${because}（支付宝要回调 {PUBLIC_BASE_URL}/api/pay/notify/alipay）`,
      );
    alipay = {
      appId: env.ALIPAY_APP_ID.trim(),
      privateKey: readRequired(env, 'ALIPAY_PRIVATE_KEY', because),
      keyType: readChoice(env, 'ALIPAY_KEY_TYPE', ['PKCS1', 'PKCS8'] as const, 'PKCS1'),
      alipayPublicKey: readRequired(env, 'ALIPAY_PUBLIC_KEY', because),
      sellerId: env.ALIPAY_SELLER_ID?.trim() || null,
      gateway: env.ALIPAY_GATEWAY?.trim() || 'https://openapi.alipay.com/gateway.do',
      notifyUrl: `${base}/api/pay/notify/alipay`,
    };
  }
  let wechat: WechatPayConfig | null = null;
  if (env.WECHAT_PAY_MCH_ID?.trim()) {
    const because = 'WECHAT_PAY_MCH_ID 已设置、开通微信支付';
    if (!base)
      readRequired(
        env,
        'PUBLIC_BASE_URL',
        `${because}（微信支付要回调 {PUBLIC_BASE_URL}/api/pay/notify/wechat）`,
      );
    const apiV3Key = readRequired(env, 'WECHAT_PAY_API_V3_KEY', because);
    if (Buffer.byteLength(apiV3Key) !== 32)
      fail('WECHAT_PAY_API_V3_KEY', '***', '应为商户平台设置的 32 位 APIv3 密钥');
    wechat = {
      mchId: env.WECHAT_PAY_MCH_ID.trim(),
      appId: readRequired(env, 'WECHAT_PAY_APP_ID', because),
      privateKey: readRequired(env, 'WECHAT_PAY_PRIVATE_KEY', because).replace(/\\n/g, '\n'),
      serialNo: readRequired(env, 'WECHAT_PAY_SERIAL_NO', because),
      apiV3Key,
      platformPublicKey: readRequired(env, 'WECHAT_PAY_PUBLIC_KEY', because).replace(/\\n/g, '\n'),
      baseUrl: env.WECHAT_PAY_BASE_URL?.trim().replace(/\/+$/, '') || 'https://api.mch.weixin.qq.com',
      notifyUrl: `${base}/api/pay/notify/wechat`,
    };
  }
  const sandbox = readSandbox(env, nodeEnv);
  return {
    alipay,
    wechat,
    productFile,
    publicBaseUrl: base,
    ...sandbox,
    // The sandbox moves no money, but its signature is what makes a paid order: as secret as any.
    // Switched off, nothing is ever signed with it.
    sandboxSecret: sandbox.sandbox
      ? readSecret(env, 'PAY_SANDBOX_SECRET', dataDir)
      : randomBytes(32).toString('base64url'),
  };
}

/**
 * The sandbox cashier. Development and tests: on, for everyone. Production: only with
 * PAY_SANDBOX=1 and only for the phones in PAY_SANDBOX_PHONES (an operator's test accounts); off
 * when that list is empty, so a forgotten PAY_SANDBOX=1 never hands out free VIP.
 */
function readSandbox(env: Env, nodeEnv: NodeEnv) {
  const phones = readPhoneList(env, 'PAY_SANDBOX_PHONES');
  if (nodeEnv !== 'production') return { sandbox: readBool(env, 'PAY_SANDBOX', true), sandboxPhones: null };
  return { sandbox: readBool(env, 'PAY_SANDBOX', false) && phones.length > 0, sandboxPhones: phones };
}
