import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-boundaries.mjs', import.meta.url));

function check(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('scripts/check-boundaries.mjs: modules meet through service.ts, channels through index.ts', () => {
  let src: string;
  const plant = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  };
  before(() => {
    src = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    plant('modules/b/repository.ts', 'export const rows = 1;\n');
    plant('modules/b/service.ts', "export { rows } from './repository.ts';\n");
    plant('modules/b/table.ts', 'export interface BTable { id: number }\n');
    plant('modules/b/routes.ts', 'export const bModule = {};\n');
    plant(
      'modules/a/service.ts',
      [
        "import { rows } from '../b/repository.ts';",
        "import { rows as viaDoor } from '../b/service.ts';",
        "import type { BTable } from '../b/table.ts';",
        "import { own } from './repository.ts';",
        'export const all = [rows, viaDoor, own] as unknown as BTable;',
        '',
      ].join('\n'),
    );
    plant('modules/a/repository.ts', 'export const own = 2;\n');
    plant(
      'modules/a/routes.ts',
      "type Deps = Pick<import('../b/routes.ts').Unknown, 'x'>;\nexport type { Deps };\n",
    );
    plant('channels/index.ts', "export { book } from './book.ts';\n");
    plant('channels/book.ts', 'export const book = 3;\n');
    plant('lib/reader.ts', "import { book } from '../channels/book.ts';\nexport const read = book;\n");
    plant('app.ts', "import { bModule } from './modules/b/routes.ts';\nexport const modules = [bModule];\n");
  });
  after(() => rmSync(src, { recursive: true, force: true }));

  it('passes on this repository, counting what it found', () => {
    const { status, out } = check();
    assert.equal(status, 0, out);
    assert.match(out, /模块边界：0 处违规/);
  });

  it("fails on a module importing another's repository or routes, or a file going past channels/index.ts", () => {
    const { status, out } = check('--src', src);
    assert.equal(status, 1, out);
    assert.match(out, /越过模块的门：modules\/a\/service\.ts -> modules\/b\/repository\.ts/);
    assert.match(out, /越过模块的门：modules\/a\/routes\.ts -> modules\/b\/routes\.ts/);
    assert.match(out, /越过 channels 的门：lib\/reader\.ts -> channels\/book\.ts/);
    assert.match(out, /模块边界：3 处违规/);
    // The doors, a module's own files and the composition root are not breaks.
    const breaks = out.split('\n').filter((line) => line.startsWith('✖'));
    assert.equal(breaks.length, 3, out);
    assert.doesNotMatch(
      breaks.join('\n'),
      /-> modules\/b\/(service|table)\.ts|-> modules\/a\/|app\.ts ->|-> channels\/index\.ts/,
    );
  });

  it('--report prints the same breaks and exits 0', () => {
    const { status, out } = check('--report', '--src', src);
    assert.equal(status, 0, out);
    assert.match(out, /模块边界：3 处违规/);
  });
});
