import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md are Biome's `noRestrictedImports` overrides in biome.json.
 * These plant files that break them (and one that keeps them) and run the real linter over them.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ROOT = path.resolve(SRC, '../../..');
const planted: string[] = [];

function plant(relative: string, source: string): string {
  const file = path.join(SRC, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${source}\nexport const planted = value;\n`);
  planted.push(file);
  return file;
}

function lint(file: string): string {
  const biome = path.join(ROOT, 'node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--colors=off', file], { cwd: ROOT, encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
  rmSync(path.join(SRC, 'features/chat/components/planted-deep'), { recursive: true, force: true });
});

describe('import boundaries', () => {
  it.each([
    [
      'a feature component',
      'features/chat/components/planted-a.ts',
      "import value from '../../draw/api/get-image-list';",
    ],
    [
      'a file at a feature’s root',
      'features/chat/planted-b.ts',
      "import value from '../studio/api/get-backgrounds';",
    ],
    [
      'a file three folders down',
      'features/chat/components/planted-deep/planted-c.ts',
      "import value from '../../../order/api/pay';",
    ],
    [
      'shared code reaching into a feature',
      'lib/planted-d.ts',
      "import value from '../features/chat/use-ask';",
    ],
  ])(
    'fails when %s imports another feature',
    (_name, relative, source) => {
      expect(lint(plant(relative, source))).toContain('noRestrictedImports');
    },
    30_000,
  );

  it('lets a feature import its own files and the shared layers', () => {
    const file = plant(
      'features/chat/components/planted-e.ts',
      "import value from '../api/send-msg';\nimport '../../../lib/api-client';\nimport '../../../entities/account/get-account-info';",
    );
    expect(lint(file)).not.toContain('noRestrictedImports');
  }, 30_000);
});
