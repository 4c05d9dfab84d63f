import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { SiteConfig } from '@chuhai/contract';
import { type ChannelsConfig, readChannels } from './config/channels.ts';
import { readDatabaseUrl } from './config/database.ts';
import { type ChatStreamConfig, type LlmConfig, readLlm } from './config/llm.ts';
import { type MattingConfig, readMatting } from './config/matting.ts';
import { readPasswordCost } from './config/passwords.ts';
import { type PaymentConfig, readPayment } from './config/payments.ts';
import { readPixelWorkers } from './config/pixels.ts';
import { readTrustProxy } from './config/proxy.ts';
import {
  ConfigError,
  type Env,
  fail,
  type NodeEnv,
  REPO_ROOT,
  readBool,
  readChoice,
  readInt,
  readPhoneList,
  readSecret,
} from './config/read-env.ts';
import { readSms, readSmsGuard, type SmsConfig, type SmsGuardConfig } from './config/sms.ts';
import { readStorage, type StorageConfig } from './config/storage.ts';
import type { ScryptCost } from './lib/password.ts';

// The public entry: each subsystem's variables are read in config/<subsystem>.ts; importers keep
// importing from here.
export type { ChannelsConfig } from './config/channels.ts';
export type { ChatStreamConfig, LlmConfig } from './config/llm.ts';
export { defaultMattingWorkers, type MattingConfig } from './config/matting.ts';
export type { AlipayConfig, PaymentConfig, WechatPayConfig } from './config/payments.ts';
export { defaultPixelWorkers } from './config/pixels.ts';
export { LOOPBACK_PROXY } from './config/proxy.ts';
export { ConfigError, type NodeEnv } from './config/read-env.ts';
export type { SmsConfig, SmsGuardConfig } from './config/sms.ts';
export type { S3StorageConfig, StorageConfig } from './config/storage.ts';
export type { SiteConfig };

/**
 * Every environment variable the server reads, validated once at start. A bad value stops start-up
 * with a message that names the variable, so a typo never turns into a half-working server.
 */
export interface Config {
  nodeEnv: NodeEnv;
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
  /** Worker threads for the main image's pixel work (PIXEL_WORKERS; cores − 1 by default); 0: on the event loop. */
  pixelWorkers: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
    pixelWorkers: readPixelWorkers(env),
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
