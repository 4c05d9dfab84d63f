// `npm start`: installs what is missing, builds the web app if needed, then serves app and API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, requireNode24 } from './lib.mjs';

requireNode24();
ensureDependencies();
ensureWebBuild();

// Caps V8's young generation at 32 MiB: on a machine with a large heap limit Node 24 lets it grow
// to 128 MiB under load, all of it short-lived garbage. With 500 chat streams open the server then
// grows by about 75 KiB a stream instead of 205 (bench/chat-stream.ts); light reads are no slower.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  // Trying it out locally: codes in the log, the sandbox cashier. Production sets NODE_ENV=production.
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
