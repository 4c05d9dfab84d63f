import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * channels/ has one public door, index.ts (docs/architecture.md「引用规则」): biome.json's
 * noRestrictedImports refuses an import past it. These plant files that break the rule (and ones
 * that keep it) and run the real linter over them.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const ROOT = path.resolve(SRC, '../../..');
const PLANTED = path.join(SRC, 'modules/planted-door');

function lint(relative: string, source: string): string {
  const file = path.join(SRC, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${source}\nexport const planted = value;\n`);
  const biome = path.join(ROOT, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--colors=off', file], { cwd: ROOT, encoding: 'utf8' });
  rmSync(file, { force: true });
  return `${run.stdout}${run.stderr}`;
}

describe('the channels layer’s door', () => {
  after(() => rmSync(PLANTED, { recursive: true, force: true }));

  const planted: [string, string, string][] = [
    [
      'a module',
      'modules/planted-door/a.ts',
      "import { allChannels as value } from '../../channels/repository.ts';",
    ],
    [
      'app.ts’s level',
      'planted-door-b.ts',
      "import { ChannelBook as value } from './channels/channel-book.ts';",
    ],
    [
      'a shared layer',
      'metrics/planted-door-c.ts',
      "import { keyBox as value } from '../channels/key-box.ts';",
    ],
  ];
  for (const [who, relative, source] of planted)
    it(`refuses ${who} importing a file inside channels/`, () => {
      assert.match(lint(relative, source), /channels\/ 只有一个入口/);
    });

  it('lets a module import channels/index.ts', () => {
    const out = lint(
      'modules/planted-door/d.ts',
      "import { unlinkUserCalls as value } from '../../channels/index.ts';",
    );
    assert.doesNotMatch(out, /noRestrictedImports/);
  });
});
