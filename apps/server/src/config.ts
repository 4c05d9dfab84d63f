import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHANNEL_DEFAULTS,
  CHANNEL_PROVIDERS,
  ChannelInput,
  type ChannelKind,
  type SiteConfig,
} from '@chuhai/contract';
import { Value } from 'typebox/value';
import { OWASP_SCRYPT, type ScryptCost, TEST_SCRYPT } from './lib/password.ts';

export type { SiteConfig };

/**
 * Every environment variable the server reads, validated once at start. A bad value stops start-up
 * with a message that names the variable, so a typo never turns into a half-working server.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; unset means SQLite at `${dataDir}/app.db`. */
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The built web app; the API still runs when it is missing. */
  webDistDir: string;
  bodyLimitBytes: number;
  /**
   * Which proxies' `X-Forwarded-For` to believe: false (none), a number of hops nearest the server,
   * or the proxies' addresses. Never "everyone": then a client could name any address it likes.
   */
  trustProxy: false | number | string[];
  /** Off only for debugging with curl: the check is a speed bump, not security. */
  requireRequestSignature: boolean;
  shutdownTimeoutMs: number;
  /** This node's name in logs, `x-served-by` and readiness (NODE_NAME; the host name by default). */
  nodeName: string;
  /** Whether answers carry `x-served-by` (only when NODE_NAME was set, so no host name leaks by default). */
  announceNode: boolean;
  /** Prometheus metrics on this port (METRICS_PORT), outside the proxied site; null: no metrics server. */
  metricsPort: number | null;
  /** Images of 批量处理 this node works on at once; 0 makes it a node that only serves requests. */
  batchWorkers: number;
  site: SiteConfig;
  sms: SmsConfig;
  /** Registered accounts made admins at start (ADMIN_PHONES); admins then grant roles in the console. */
  adminPhones: string[];
  /** scrypt cost of new password hashes (PASSWORD_SCRYPT `N,r,p`); older hashes are upgraded at login. */
  passwordCost: ScryptCost;
  /** The proof-of-work before SMS sends, and the most texts sent in one China-time day. */
  smsGuard: SmsGuardConfig;
  /** The chat models (README「AI 问答」); with no chat channel, chat answers 503 saying what to set. */
  llm: LlmConfig;
  channels: ChannelsConfig;
  chat: ChatStreamConfig;
  payment: PaymentConfig;
  storage: StorageConfig;
  /** Signs file links, so a user is only ever handed links to their own files. Same on every node. */
  fileUrlSecret: string;
  /** How long one picture may take, provider and download together, before it fails and the use goes back. */
  drawTimeoutMs: number;
  matting: MattingConfig;
}

/**
 * Cut-outs (README「智能做图」): the bundled ISNet model in a worker pool on this machine, or an HTTP
 * matting service (rembg's `/api/remove` protocol) when MATTING_URL is set.
 */
export interface MattingConfig {
  model: 'small' | 'medium';
  /** Worker threads, one model each. */
  workers: number;
  /** Uploads that may wait for a free worker; more get 429. */
  queue: number;
  /** CPU cores shared by the workers. */
  cores: number;
  url: string | null;
  timeoutMs: number;
}

export interface S3StorageConfig {
  kind: 's3';
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO and most self-hosted stores need path-style URLs; OSS and COS use virtual hosts. */
  forcePathStyle: boolean;
}

/** Result images: local disk under DATA_DIR by default, or an S3-compatible store (README「存储」). */
export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig;

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

/** The chat models sellers choose between; which channel answers is the channels' business. */
export interface LlmConfig {
  /** chatType 1; null: the first model offered by the first chat channel. */
  modelStandard: string | null;
  /** chatType 2 (VIP); null when the operator offers one model only. */
  modelAdvanced: string | null;
  /** The longest answer asked for (`max_tokens`), so one question cannot run up an unbounded bill. */
  maxTokens: number;
}

/**
 * Provider channels (README「渠道」): what seeds the table on start, the key that seals channel keys,
 * and how long a channel may take to its first byte before the next one is tried.
 */
export interface ChannelsConfig {
  /** CHANNEL_SECRET: seals the channels' keys in the database. Same on every node. */
  secret: string;
  /** From LLM_CHANNELS, IMAGE_CHANNELS and the one-channel shorthands (LLM_BASE_URL…, IMAGE_PROVIDER…). */
  seeds: ChannelInput[];
  firstByteMs: number;
  /** The first cooldown of a failing channel; each failed trial doubles it, up to 32×. */
  cooldownMs: number;
  /** Result links over http:// to this machine are fetched: development and tests only (fakes). */
  allowLoopbackResults: boolean;
}

export interface ChatStreamConfig {
  /** The upstream may stay silent this long (before the first token or between two) before we give up. */
  idleTimeoutMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

function fail(name: string, value: string, expected: string): never {
  throw new ConfigError(`环境变量 ${name}=${JSON.stringify(value)} 无效：${expected}`);
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(name, raw, `应为 ${min} 到 ${max} 之间的整数`);
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  fail(name, raw, '应为 1/0、true/false、on/off 之一');
}

/** The proxy `TRUST_PROXY=true` means: an nginx on this machine. */
export const LOOPBACK_PROXY = ['127.0.0.1', '::1'];

/**
 * TRUST_PROXY: `false`, `true` (an nginx on this machine: loopback only), proxy addresses / CIDRs,
 * or a hop count. Addresses are the safe kind: a header is believed only from them, so a client
 * that reaches the app port directly cannot choose its own address. A hop count believes whoever
 * connects, and is only for an app port nothing but the proxies can reach.
 */
function readTrustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return LOOPBACK_PROXY;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const proxies = raw.split(',').map((part) => part.trim());
  const isAddress = (part: string) => {
    const [address = '', bits, extra] = part.split('/');
    if (extra !== undefined || !isIP(address)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  };
  if (proxies.every(isAddress)) return proxies;
  fail(
    'TRUST_PROXY',
    raw,
    '应为 false、true（只信任本机的 nginx）、代理的 IP / CIDR 列表（逗号分隔），或代理层数',
  );
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) fail(name, raw, `应为 ${choices.join('、')} 之一`);
  return raw as T;
}

function readRequired(env: Env, name: string, because: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`环境变量 ${name} 未设置：${because}时必填`);
  return raw;
}

function readSms(env: Env, nodeEnv: Config['nodeEnv']): SmsConfig {
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

function readLlm(env: Env): LlmConfig {
  if (env.LLM_BASE_URL?.trim() && !env.LLM_MODEL_STANDARD?.trim())
    readRequired(env, 'LLM_MODEL_STANDARD', 'LLM_BASE_URL 已设置、配置 AI 问答');
  return {
    modelStandard: env.LLM_MODEL_STANDARD?.trim() || null,
    modelAdvanced: env.LLM_MODEL_ADVANCED?.trim() || null,
    maxTokens: readInt(env, 'LLM_MAX_TOKENS', 4096, 64, 65_536),
  };
}

function readPrice(env: Env, name: string): number {
  const raw = env[name]?.trim();
  if (!raw) return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100_000)
    fail(name, raw, '应为 0 到 100000 之间的数（元）');
  return value;
}

/** LLM_BASE_URL, LLM_API_KEY…: one chat channel. */
function llmShorthand(env: Env): ChannelInput | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl))
    fail('LLM_BASE_URL', baseUrl, '应为 http:// 或 https:// 开头的地址，例如 https://api.deepseek.com/v1');
  return {
    ...CHANNEL_DEFAULTS,
    kind: 'chat',
    name: '默认对话渠道',
    provider: 'openai',
    baseUrl,
    // Local servers (Ollama, vLLM) need no key; the header is sent all the same.
    keys: [env.LLM_API_KEY?.trim() || 'no-key'],
    priceInput: readPrice(env, 'LLM_PRICE_INPUT'),
    priceOutput: readPrice(env, 'LLM_PRICE_OUTPUT'),
  };
}

function readPayment(env: Env, nodeEnv: Config['nodeEnv'], dataDir: string): PaymentConfig {
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

function readStorage(env: Env, dataDir: string): StorageConfig {
  const kind = readChoice(env, 'STORAGE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return { kind, dir: path.join(dataDir, 'files') };
  const because = 'STORAGE=s3 ';
  const endpoint = readRequired(env, 'S3_ENDPOINT', because);
  if (!/^https?:\/\//.test(endpoint))
    fail('S3_ENDPOINT', endpoint, '应为 https:// 开头的地址，例如 https://oss-cn-shenzhen.aliyuncs.com');
  return {
    kind,
    endpoint,
    bucket: readRequired(env, 'S3_BUCKET', because),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: readRequired(env, 'S3_ACCESS_KEY_ID', because),
    secretAccessKey: readRequired(env, 'S3_SECRET_ACCESS_KEY', because),
    forcePathStyle: readBool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

const IMAGE_DEFAULTS = {
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'dall-e-3' },
  dashscope: { baseUrl: 'https://dashscope.aliyuncs.com', model: 'wanx2.1-t2i-turbo' },
  sdwebui: { baseUrl: 'http://127.0.0.1:7860', model: '' },
} as const;

/** IMAGE_PROVIDER, IMAGE_BASE_URL…: one image channel. */
function imageShorthand(env: Env): ChannelInput | null {
  const raw = env.IMAGE_PROVIDER?.trim();
  if (!raw) return null;
  const provider = readChoice(env, 'IMAGE_PROVIDER', ['openai', 'dashscope', 'sdwebui'] as const, 'openai');
  const defaults = IMAGE_DEFAULTS[provider];
  const baseUrl = (env.IMAGE_BASE_URL?.trim() || defaults.baseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(baseUrl))
    fail('IMAGE_BASE_URL', baseUrl, '应为 http:// 或 https:// 开头的地址');
  const apiKey = env.IMAGE_API_KEY?.trim() ?? '';
  if (provider !== 'sdwebui' && !apiKey) readRequired(env, 'IMAGE_API_KEY', `IMAGE_PROVIDER=${provider} `);
  const model = env.IMAGE_MODEL?.trim() || defaults.model;
  return {
    ...CHANNEL_DEFAULTS,
    kind: 'image',
    name: '默认绘画渠道',
    provider,
    baseUrl,
    keys: apiKey ? [apiKey] : [],
    models: model ? [model] : [],
    priceImage: readPrice(env, 'IMAGE_PRICE'),
  };
}

/** LLM_CHANNELS / IMAGE_CHANNELS: a JSON array of channels, each checked field by field. */
function readChannelList(env: Env, name: string, kind: ChannelKind): ChannelInput[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    fail(
      name,
      raw.slice(0, 40),
      '应为 JSON 数组，例如 [{"name":"DeepSeek","baseUrl":"https://api.deepseek.com/v1","keys":["sk-…"],"models":["deepseek-chat"]}]',
    );
  }
  if (!Array.isArray(list)) fail(name, raw.slice(0, 40), '应为 JSON 数组');
  return list.map((item, index) => {
    const at = `${name}[${index}]`;
    if (typeof item !== 'object' || item === null) fail(at, String(item), '应为对象');
    const channel = { ...CHANNEL_DEFAULTS, kind, provider: 'openai', ...(item as object) } as ChannelInput & {
      key?: string;
    };
    if (typeof channel.key === 'string') channel.keys = [...channel.keys, channel.key];
    delete channel.key;
    if (!CHANNEL_PROVIDERS[kind].includes(channel.provider))
      fail(`${at}.provider`, String(channel.provider), `应为 ${CHANNEL_PROVIDERS[kind].join('、')} 之一`);
    if (typeof channel.baseUrl !== 'string' || !/^https?:\/\/\S+$/.test(channel.baseUrl))
      fail(`${at}.baseUrl`, String(channel.baseUrl), '应为 http:// 或 https:// 开头的地址');
    if (!Value.Check(ChannelInput, channel)) {
      const first = Value.Errors(ChannelInput, channel)[0];
      fail(
        `${at}${first?.instancePath.replaceAll('/', '.') ?? ''}`,
        JSON.stringify(item).slice(0, 60),
        first?.message ?? '格式不对',
      );
    }
    return channel;
  });
}

function readChannels(env: Env, dataDir: string, nodeEnv: Config['nodeEnv']): ChannelsConfig {
  const seeds = [
    ...[llmShorthand(env), imageShorthand(env)].filter((seed) => seed !== null),
    ...readChannelList(env, 'LLM_CHANNELS', 'chat'),
    ...readChannelList(env, 'IMAGE_CHANNELS', 'image'),
  ];
  const names = new Set<string>();
  for (const seed of seeds) {
    const key = `${seed.kind}:${seed.name}`;
    if (names.has(key))
      fail(seed.kind === 'chat' ? 'LLM_CHANNELS' : 'IMAGE_CHANNELS', seed.name, '渠道名称重复');
    names.add(key);
  }
  return {
    secret: readSecret(env, 'CHANNEL_SECRET', dataDir),
    seeds,
    firstByteMs: readInt(env, 'CHANNEL_FIRST_BYTE_MS', 15_000, 50, 300_000),
    cooldownMs: readInt(env, 'CHANNEL_COOLDOWN_MS', 60_000, 100, 3_600_000),
    allowLoopbackResults: nodeEnv !== 'production',
  };
}

/**
 * One matting worker per 4 cores, each with its share of the cores as onnxruntime threads. Measured
 * on 2 cores (onnxruntime 1.30): one worker with 2 threads mattes a lone image in 2.2 s against
 * 3.9 s for each of two one-thread workers, and its queue runs only 7% slower.
 */
export function defaultMattingWorkers(cores: number): number {
  return Math.max(1, Math.round(cores / 4));
}

function readMatting(env: Env): MattingConfig {
  const cores = Math.max(1, availableParallelism());
  const workers = readInt(env, 'MATTING_WORKERS', defaultMattingWorkers(cores), 1, 64);
  const url = env.MATTING_URL?.trim() || null;
  if (url && !/^https?:\/\/\S+$/.test(url)) fail('MATTING_URL', url, '应为 http:// 或 https:// 开头的地址');
  return {
    model: readChoice(env, 'MATTING_MODEL', ['medium', 'small'] as const, 'medium'),
    workers,
    queue: readInt(env, 'MATTING_QUEUE', workers * 4, 0, 1000),
    cores,
    url,
    timeoutMs: readInt(env, 'MATTING_TIMEOUT_MS', 120_000, 1000, 600_000),
  };
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\/.+/.test(raw))
    fail('DATABASE_URL', raw, '应为 postgres://用户:密码@主机:端口/库名；不设置则使用内置 SQLite');
  return raw;
}

/**
 * The sandbox cashier. Development and tests: on, for everyone. Production: only with
 * PAY_SANDBOX=1 and only for the phones in PAY_SANDBOX_PHONES (an operator's test accounts); off
 * when that list is empty, so a forgotten PAY_SANDBOX=1 never hands out free VIP.
 */
function readSandbox(env: Env, nodeEnv: Config['nodeEnv']) {
  const phones = readPhoneList(env, 'PAY_SANDBOX_PHONES');
  if (nodeEnv !== 'production') return { sandbox: readBool(env, 'PAY_SANDBOX', true), sandboxPhones: null };
  return { sandbox: readBool(env, 'PAY_SANDBOX', false) && phones.length > 0, sandboxPhones: phones };
}

/**
 * A signing secret: the variable when set (every node of a cluster must share it), else 32 random
 * bytes made once and kept in DATA_DIR/secrets with mode 0600, so it survives restarts and is never
 * something an attacker could guess from a path.
 */
function readSecret(env: Env, name: string, dataDir: string): string {
  const given = env[name]?.trim();
  if (given) {
    if (given.length < 16) fail(name, '***', '至少 16 个字符；可用 openssl rand -base64 32 生成');
    return given;
  }
  // On a shared PostgreSQL in production there may be several nodes: a secret each node made for
  // itself would make one node's signed links and captchas fail on the next.
  if (env.NODE_ENV === 'production' && env.DATABASE_URL)
    fail(
      name,
      '',
      '使用 PostgreSQL 的生产部署可能有多个节点，必须给每个节点设置同一个值（至少 16 个字符，可用 openssl rand -base64 32 生成）',
    );
  const file = path.join(dataDir, 'secrets', name.toLowerCase());
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

function readPhoneList(env: Env, name: string): string[] {
  const phones = (env[name] ?? '')
    .split(',')
    .map((phone) => phone.trim())
    .filter(Boolean);
  for (const phone of phones) if (!/^1\d{10}$/.test(phone)) fail(name, phone, '应为逗号分隔的 11 位手机号');
  return phones;
}

function readPasswordCost(env: Env, nodeEnv: Config['nodeEnv']): ScryptCost {
  const raw = env.PASSWORD_SCRYPT?.trim();
  if (!raw) return nodeEnv === 'test' ? TEST_SCRYPT : OWASP_SCRYPT;
  const [N, r, p] = raw.split(',').map((part) => Number(part.trim()));
  const valid =
    N !== undefined &&
    r !== undefined &&
    p !== undefined &&
    Number.isInteger(Math.log2(N)) &&
    N >= 2 ** 10 &&
    N <= 2 ** 20 &&
    r >= 1 &&
    r <= 32 &&
    p >= 1 &&
    p <= 16;
  if (!valid) fail('PASSWORD_SCRYPT', raw, '应为 N,r,p，例如 32768,8,3（N 为 2 的幂）');
  return { N: N as number, r: r as number, p: p as number };
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

function readSmsGuard(env: Env, nodeEnv: Config['nodeEnv'], dataDir: string): SmsGuardConfig {
  // Tests solve thousands of challenges: there a token amount of work proves the path.
  const light = nodeEnv === 'test';
  return {
    captchaSecret: readSecret(env, 'CAPTCHA_SECRET', dataDir),
    captchaCost: readInt(env, 'CAPTCHA_COST', light ? 1 : 1000, 1, 1_000_000),
    captchaCounter: light ? { min: 1, max: 8 } : { min: 1000, max: 4000 },
    dailyBudget: readInt(env, 'SMS_DAILY_BUDGET', 2000, 1, 10_000_000),
  };
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = readChoice(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const host = env.HOST || 'localhost';
  if (!/^[\w.:-]+$/.test(host)) fail('HOST', host, '应为主机名或 IP 地址');
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
  const webDistDir = path.resolve(env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps/web/dist'));
  if (env.WEB_DIST_DIR && !existsSync(webDistDir)) fail('WEB_DIST_DIR', env.WEB_DIST_DIR, '目录不存在');
  const year = new Date().getFullYear();
  const companyName = env.SITE_COMPANY_NAME || '出海助手';

  return {
    nodeEnv,
    host,
    port: readInt(env, 'PORT', 3000, 0, 65535),
    dataDir,
    databaseUrl: readDatabaseUrl(env),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir,
    bodyLimitBytes: readInt(env, 'BODY_LIMIT_KB', 256, 1, 10240) * 1024,
    trustProxy: readTrustProxy(env),
    requireRequestSignature: readBool(env, 'REQUIRE_REQUEST_SIGNATURE', true),
    shutdownTimeoutMs: readInt(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    batchWorkers: readInt(env, 'BATCH_WORKERS', 1, 0, 16),
    nodeName: (env.NODE_NAME?.trim() || hostname()).slice(0, 64),
    announceNode: Boolean(env.NODE_NAME?.trim()),
    metricsPort: env.METRICS_PORT ? readInt(env, 'METRICS_PORT', 9464, 1, 65535) : null,
    site: {
      companyName,
      copyright: env.SITE_COPYRIGHT || `© ${year} ${companyName} 版权所有`,
      icpNumber: env.SITE_ICP_NUMBER || '',
      contactEmail: env.SITE_CONTACT_EMAIL || 'support@chuhai.example',
      contactPhone: env.SITE_CONTACT_PHONE || '400-000-0000',
      contactAddress: env.SITE_CONTACT_ADDRESS || '广东省深圳市南山区',
      serviceHours: env.SITE_SERVICE_HOURS || '工作日 9:00–18:00',
    },
    sms: readSms(env, nodeEnv),
    smsGuard: readSmsGuard(env, nodeEnv, dataDir),
    passwordCost: readPasswordCost(env, nodeEnv),
    adminPhones: readPhoneList(env, 'ADMIN_PHONES'),
    llm: readLlm(env),
    payment: readPayment(env, nodeEnv, dataDir),
    storage: readStorage(env, dataDir),
    fileUrlSecret: readSecret(env, 'FILE_URL_SECRET', dataDir),
    channels: readChannels(env, dataDir, nodeEnv),
    drawTimeoutMs: readInt(env, 'IMAGE_TIMEOUT_MS', 300_000, 1000, 900_000),
    matting: readMatting(env),
    chat: {
      idleTimeoutMs: readInt(env, 'LLM_IDLE_TIMEOUT_MS', 60_000, 100, 600_000),
      heartbeatMs: readInt(env, 'CHAT_HEARTBEAT_MS', 15_000, 10, 300_000),
    },
  };
}

/** For the entry points (server, worker): the config, or the bad variable in Chinese and exit 1. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`配置错误：${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
