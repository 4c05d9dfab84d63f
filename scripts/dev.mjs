// `npm run dev`: the API server restarting on change, and Vite's dev server with hot reload on :5173.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDependencies, log, ROOT, requireNode24 } from './lib.mjs';

requireNode24();
ensureDependencies();

// The API serves no build in development (Vite does), so it never offers a "new version".
const noBuild = mkdtempSync(path.join(tmpdir(), 'chuhai-dev-'));
const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: noBuild },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@chuhai/web'], { cwd: ROOT, stdio: 'inherit' }),
];
log('开发模式：打开 http://localhost:5173 （API 在 http://localhost:3000）');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
