/**
 * Thai and Vietnamese marks, and Polish letters beside Chinese, as the picture renderer draws them
 * (imaging/text/render.ts with the npm fonts of fonts.ts), issue 55. Each text is drawn in a child
 * process whose fontconfig sees no font of this machine, as on the Docker image (which has none):
 * a glyph our fonts lack is drawn as a box there, not borrowed. Marks are measured, not read: a
 * tone mark drawn adds ink above its letter without widening it; one dropped adds nothing; one
 * drawn as a box widens the text by most of an em.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Ink } from './fixtures/measure-marks.ts';

const SIZE = 60;
const dir = mkdtempSync(join(tmpdir(), 'chuhai-marks-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'fonts.conf');
writeFileSync(
  config,
  `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><cachedir>${dir}</cachedir></fontconfig>\n`,
);
const env = { ...process.env, FONTCONFIG_FILE: config };

/** Each text drawn in `language` at SIZE px in one fresh process, measured by its ink. */
function measure(language: string, ...texts: string[]) {
  const script = new URL('./fixtures/measure-marks.ts', import.meta.url).pathname;
  const out = execFileSync(process.execPath, [script, language, String(SIZE), ...texts], {
    env,
    encoding: 'utf8',
  });
  const inks = JSON.parse(out) as Ink[];
  for (const ink of inks) assert.equal(ink.fontSize, SIZE, `${ink.text} was drawn smaller`);
  const of = (text: string) => {
    const ink = inks.find((i) => i.text === text);
    assert.ok(ink, text);
    return { width: ink.right - ink.left + 1, height: ink.bottom - ink.top + 1, inked: ink.inked };
  };
  return of;
}

/** `marked` is `base` with marks: as wide (within `wider` em), and taller by at least `taller` em. */
function assertMarked(
  of: ReturnType<typeof measure>,
  base: string,
  marked: string,
  taller: number,
  wider = 0.1,
) {
  const [a, b] = [of(base), of(marked)];
  assert.ok(
    b.width - a.width <= wider * SIZE,
    `${marked} is ${b.width - a.width} px wider than ${base}: a box?`,
  );
  assert.ok(
    b.height - a.height >= taller * SIZE,
    `${marked} is only ${b.height - a.height} px taller than ${base}: its marks are missing`,
  );
}

describe('picture text: marks drawn with the npm fonts alone', () => {
  it('sees none of this machine’s fonts in the child process', (t) => {
    try {
      assert.equal(execFileSync('fc-list', { env, encoding: 'utf8' }).trim(), '');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') t.skip('fc-list is not installed');
      else throw error;
    }
  });

  it('stacks Thai vowels and tone marks over and under their consonant: ที่ น้ำ ผู้', () => {
    const of = measure('th', 'ท', 'ที่', 'นำ', 'น้ำ', 'ผ', 'ผู้');
    assertMarked(of, 'ท', 'ที่', 0.3);
    assertMarked(of, 'นำ', 'น้ำ', 0.1);
    assertMarked(of, 'ผ', 'ผู้', 0.4);
  });

  it('stacks Vietnamese marks: ắ over a, ổ over ô over o, ự under and beside u', () => {
    const of = measure('vi', 'a', 'ắ', 'o', 'ô', 'ổ', 'u', 'ự');
    assertMarked(of, 'a', 'ắ', 0.25);
    assertMarked(of, 'o', 'ô', 0.15);
    assertMarked(of, 'ô', 'ổ', 0.05);
    // The horn sticks out to the right: a little wider, never a box's width.
    assertMarked(of, 'u', 'ự', 0.2, 0.25);
  });

  it('draws Polish letters beside a kept Chinese brand in Noto Sans, not as boxes', () => {
    // Chinese in a block brings Noto Sans SC, which has no ł ą ę: they were boxes 61 px wider.
    const of = measure('pl', 'ŁĄĘ：小米', 'LAE：小米');
    assert.ok(of('ŁĄĘ：小米').width - of('LAE：小米').width <= 0.15 * SIZE, 'ŁĄĘ drawn as boxes');
  });

  it('draws a Chinese brand in a Thai block as Chinese, as in any other language', () => {
    // Noto Sans Thai has no Han: 小米 in a Thai block were two boxes (1954 inked pixels, not 1603).
    const [thai, english] = [measure('th', '小米')('小米'), measure('en', '小米')('小米')];
    assert.deepEqual(thai, english);
  });
});
