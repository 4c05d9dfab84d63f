import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The small readers every subsystem's part uses: one wording for a bad variable everywhere.

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type Env = Record<string, string | undefined>;

export type NodeEnv = 'development' | 'production' | 'test';

/** Stops start-up naming the variable, its value and what it should be. */
export function fail(name: string, value: string, expected: string): never {
  throw new ConfigError(`环境变量 ${name}=${JSON.stringify(value)} 无效：${expected}`);
}

/** An integer between min and max; the fallback when unset or empty. */
export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(name, raw, `应为 ${min} 到 ${max} 之间的整数`);
  return value;
}

/** A yes/no switch (1/0, true/false, yes/no, on/off); the fallback when unset or empty. */
export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  fail(name, raw, '应为 1/0、true/false、on/off 之一');
}

/** One of a fixed list of words; the fallback when unset or empty. */
export function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) fail(name, raw, `应为 ${choices.join('、')} 之一`);
  return raw as T;
}

/** A value a chosen feature cannot do without: `because` says which choice needs it. */
export function readRequired(env: Env, name: string, because: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`环境变量 ${name} 未设置：${because}时必填`);
  return raw;
}

/**
 * A signing secret: the variable when set (every node of a cluster must share it), else 32 random
 * bytes made once and kept in DATA_DIR/secrets with mode 0600, so it survives restarts and is never
 * something an attacker could guess from a path.
 */
export function readSecret(env: Env, name: string, dataDir: string): string {
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

/** A comma-separated list of 11-digit mainland phone numbers. */
export function readPhoneList(env: Env, name: string): string[] {
  const phones = (env[name] ?? '')
    .split(',')
    .map((phone) => phone.trim())
    .filter(Boolean);
  for (const phone of phones) if (!/^1\d{10}$/.test(phone)) fail(name, phone, '应为逗号分隔的 11 位手机号');
  return phones;
}
