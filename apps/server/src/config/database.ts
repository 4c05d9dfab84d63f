import { type Env, fail } from './read-env.ts';

/** DATABASE_URL: a postgres:// address, or undefined for the bundled SQLite. */
export function readDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\/.+/.test(raw))
    fail('DATABASE_URL', raw, '应为 postgres://用户:密码@主机:端口/库名；不设置则使用内置 SQLite');
  return raw;
}
