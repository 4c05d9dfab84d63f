// `npm run worker`: a node that only takes 批量处理 images from the queue (no HTTP port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ROOT, requireNode24 } from './lib.mjs';

requireNode24();
ensureDependencies();

const worker = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/worker.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code) => process.exit(code ?? 0));
