// `npm run lint:boundaries` (and a step of `npm test`): the server's module boundaries, read from the
// imports in apps/server/src (docs/architecture.md「引用规则」).
//
// - A module's door is its `service.ts` (and its `table.ts`, for the table types db/ assembles): a
//   file outside modules/<m>/ imports nothing else of it. The composition root (app.ts and the files
//   beside it that assemble the app, db/) is exempt: it is where modules' routes are put together.
// - The channels layer's door is `channels/index.ts` (and `channels/table.ts`, for db/): nothing
//   outside channels/ imports anything else of it.
//
// `--report` prints what it finds and exits 0; by default a break of either rule exits 1.
// Plain Node, no dependencies: a regular expression finds each import's path, which is enough for
// the `import … from '…'`, `export … from '…'` and `import('…')` this code base writes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server's source; `--src DIR` reads another tree (the script's own test plants breaks in one). */
const srcFlag = process.argv.indexOf('--src');
const SRC = srcFlag > 0 ? path.resolve(process.argv[srcFlag + 1]) : path.join(ROOT, 'apps/server/src');

/** Files that assemble the app from modules: they may import any module's routes and internals. */
const COMPOSITION_ROOT = [/^app\.ts$/, /^app-module\.ts$/, /^worker\.ts$/, /^server\.ts$/, /^db\//];

/** What another file may import of a module, and of the channels layer. */
const MODULE_DOOR = /^modules\/[^/]+\/(service|table)\.ts$/;
const CHANNELS_DOOR = /^channels\/(index|table)\.ts$/;

/**
 * Breaks of the rules that stay, each with its reason: `from` imports `to` (paths under
 * apps/server/src). Keep this short; a new entry needs a reason a reviewer accepts.
 */
const ALLOWED = [
  // None today. An entry reads: { from: 'modules/x/…', to: 'modules/y/…', reason: '为什么不能走门' }.
];

function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The relative imports of a file, as paths under apps/server/src. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
  return [
    ...new Set(
      specifiers
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.relative(SRC, path.resolve(path.dirname(file), specifier)))
        .map((target) => target.split(path.sep).join('/')),
    ),
  ];
}

const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const sameBreak = (a) => (b) => a.from === b.from && a.to === b.to;

/** Every import that breaks a rule, with which rule. */
export function findBreaks() {
  const breaks = [];
  for (const full of tsFiles(SRC)) {
    const from = path.relative(SRC, full).split(path.sep).join('/');
    for (const to of importsOf(full)) {
      const target = moduleOf(to);
      if (
        target &&
        target !== moduleOf(from) &&
        !MODULE_DOOR.test(to) &&
        !COMPOSITION_ROOT.some((root) => root.test(from))
      )
        breaks.push({ rule: 'modules', from, to });
      if (to.startsWith('channels/') && !from.startsWith('channels/') && !CHANNELS_DOOR.test(to))
        breaks.push({ rule: 'channels', from, to });
    }
  }
  return breaks;
}

const report = process.argv.includes('--report');
const breaks = findBreaks();
const allowed = breaks.filter((b) => ALLOWED.some(sameBreak(b)));
const failing = breaks.filter((b) => !allowed.includes(b));

const line = (b) => `  ${b.from} -> ${b.to}`;
for (const b of failing)
  console.error(
    b.rule === 'modules'
      ? `✖ 越过模块的门：${b.from} -> ${b.to}（别的模块只引用 service.ts 或 table.ts）`
      : `✖ 越过 channels 的门：${b.from} -> ${b.to}（只引用 channels/index.ts 或 channels/table.ts）`,
  );
if (allowed.length) {
  console.log(`允许的例外（ALLOWED，各有理由）：${allowed.length} 处`);
  for (const b of allowed) console.log(`${line(b)}（${ALLOWED.find(sameBreak(b))?.reason}）`);
}
// An entry that no longer matches anything is stale: said, so that the lists only shrink.
const unused = ALLOWED.filter((entry) => !breaks.some(sameBreak(entry)));
if (srcFlag < 0)
  for (const entry of unused)
    console.log(`（ALLOWED 里的 ${entry.from} -> ${entry.to} 已不再出现，可以删掉）`);
console.log(`模块边界：${failing.length} 处违规，${allowed.length} 处允许的例外`);
process.exit(failing.length > 0 && !report ? 1 : 0);
