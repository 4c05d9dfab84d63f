import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { requestSignature } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';

export const TEST_BUILD_TIME = '2026-11-21T00:00:00.000Z';

/** A throwaway folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `chuhai-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A minimal web build: index.html with the site-config placeholder, a build stamp and one hashed asset. */
export function writeFakeWebBuild(dir: string, buildTime = TEST_BUILD_TIME): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><!--site-config--><title>出海助手</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'build.json'), JSON.stringify({ buildTime }));
  const script = `console.log(${JSON.stringify('出海助手'.repeat(200))})`;
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** Builds the app on a fresh SQLite database and a fake web build. */
export async function buildTestApp(env: Record<string, string> = {}, options: BuildAppOptions = {}) {
  const data = tempDir('data');
  const web = tempDir('web');
  writeFakeWebBuild(web.dir);
  // Queue workers only where a test asks for them (BATCH_WORKERS=1): pg-boss would start in every PostgreSQL app.
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: data.dir,
    WEB_DIST_DIR: web.dir,
    BATCH_WORKERS: '0',
    ...env,
  });
  const app = await buildApp(config, { logger: false, ...options });
  const close = async () => {
    await app.close();
    data.remove();
    web.remove();
  };
  return { app, config, close };
}

/** The headers our web client sends: `x-token` over the exact path and query, and its BuildTime. */
export function signedHeaders(pathWithQuery: string, buildTime = TEST_BUILD_TIME): Record<string, string> {
  return { 'x-token': requestSignature(pathWithQuery, buildTime), buildtime: buildTime };
}

/**
 * A seller's row put straight into the database: no password, no sign-up rewards or session. For
 * scenes (benches, worker processes) that need only someone to own the work; returns the user id.
 */
export async function insertBareUser(
  db: Kysely<Database>,
  user: { phone: string; inviteCode: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      phone: user.phone,
      password_hash: null,
      invite_code: user.inviteCode,
      invited_by: null,
      created_at: user.now,
      updated_at: user.now,
      disabled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
