// `npm start`: installs what is missing, builds the web app if needed, then serves app and API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, requireNode24 } from './lib.mjs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

requireNode24();
ensureDependencies();
ensureWebBuild();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  // Trying it out locally: codes in the log, the sandbox cashier. Production sets NODE_ENV=production.
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
