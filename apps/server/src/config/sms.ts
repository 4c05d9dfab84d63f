import { type Env, fail, type NodeEnv, readChoice, readInt, readRequired, readSecret } from './read-env.ts';

/** The SMS gateway (README「短信」): the console by default, 阿里云 or 腾讯云 in production. */
export type SmsConfig =
  | { provider: 'console' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      /** Only changed to reach a test double. */
      endpoint: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
      /** Only changed to reach a test double. */
      endpoint: string;
    };

/** The SMS gateway and its credentials; production refuses the console gateway. */
export function readSms(env: Env, nodeEnv: NodeEnv): SmsConfig {
  const provider = readChoice(env, 'SMS_PROVIDER', ['console', 'aliyun', 'tencent'] as const, 'console');
  if (provider === 'console' && nodeEnv === 'production')
    fail(
      'SMS_PROVIDER',
      env.SMS_PROVIDER || '（未设置，即 console）',
      '生产环境不能用 console（验证码只写进服务器日志）；请设置 aliyun 或 tencent 及其变量，见 README「短信」',
    );
  const because = `SMS_PROVIDER=${provider} `;
  if (provider === 'aliyun') {
    return {
      provider,
      accessKeyId: readRequired(env, 'ALIYUN_SMS_ACCESS_KEY_ID', because),
      accessKeySecret: readRequired(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET', because),
      signName: readRequired(env, 'ALIYUN_SMS_SIGN_NAME', because),
      templateCode: readRequired(env, 'ALIYUN_SMS_TEMPLATE_CODE', because),
      endpoint: env.ALIYUN_SMS_ENDPOINT || 'dysmsapi.aliyuncs.com',
    };
  }
  if (provider === 'tencent') {
    return {
      provider,
      secretId: readRequired(env, 'TENCENT_SMS_SECRET_ID', because),
      secretKey: readRequired(env, 'TENCENT_SMS_SECRET_KEY', because),
      sdkAppId: readRequired(env, 'TENCENT_SMS_SDK_APP_ID', because),
      signName: readRequired(env, 'TENCENT_SMS_SIGN_NAME', because),
      templateId: readRequired(env, 'TENCENT_SMS_TEMPLATE_ID', because),
      region: env.TENCENT_SMS_REGION || 'ap-guangzhou',
      endpoint: env.TENCENT_SMS_ENDPOINT || 'sms.tencentcloudapi.com',
    };
  }
  return { provider };
}

export interface SmsGuardConfig {
  /** Signs captcha challenges; generated like the other secrets when not set. */
  captchaSecret: string;
  /** PBKDF2 iterations per try; the browser makes `counter` tries, drawn between the two bounds. */
  captchaCost: number;
  captchaCounter: { min: number; max: number };
  /** Texts sent in one China-time day before sending stops with 503 (toll-fraud brake). */
  dailyBudget: number;
}

/** The captcha's secret and cost before a text is sent, and the daily budget of texts. */
export function readSmsGuard(env: Env, nodeEnv: NodeEnv, dataDir: string): SmsGuardConfig {
  // Tests solve thousands of challenges: there a token amount of work proves the path.
  const light = nodeEnv === 'test';
  return {
    captchaSecret: readSecret(env, 'CAPTCHA_SECRET', dataDir),
    captchaCost: readInt(env, 'CAPTCHA_COST', light ? 1 : 1000, 1, 1_000_000),
    captchaCounter: light ? { min: 1, max: 8 } : { min: 1000, max: 4000 },
    dailyBudget: readInt(env, 'SMS_DAILY_BUDGET', 2000, 1, 10_000_000),
  };
}
