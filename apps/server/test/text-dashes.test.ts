/**
 * Decorative dashes around a line stay, and no translation is drawn over them. alimama test-2's
 * white subtitle 「—顺丰包邮 终身包退—」 on a dark photo: the OCR read the left dash as 「一」 and
 * erased it with the line, left the right one out of the line, and the English grew sideways and
 * drew that dash through its last word.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { betweenDashes, dashBeside } from '../src/imaging/text/dashes.ts';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { writeChinese } from './fakes/chinese-text.ts';

const WIDTH = 520;
const HEIGHT = 120;
/** The subtitle's row; its letters are 28 px, its box 35 px high. */
const ROW = { y: 40, height: 35 };
const LEFT_DASH = { x: 50, y: 56, width: 32, height: 4 };
const RIGHT_DASH = { x: 430, y: 56, width: 32, height: 4 };
/** Where the OCR found the subtitle: from inside the left dash to a little short of the right one. */
const READ = { x: 54, ...ROW, width: 371 };

/** A dark, uneven photo (inpainted, not flat-filled, when erased) with the two white dashes. */
function photo(dashes: TextBox[] = [LEFT_DASH, RIGHT_DASH]) {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const shade = 30 + ((x * 7 + y * 13) % 23);
      data.set([shade + 12, shade, shade - 10], (y * WIDTH + x) * 3);
    }
  for (const d of dashes)
    for (let y = d.y; y < d.y + d.height; y++)
      data.fill(250, (y * WIDTH + d.x) * 3, (y * WIDTH + d.x + d.width) * 3);
  return { data, width: WIDTH, height: HEIGHT };
}

async function subtitled(dashes?: TextBox[], text = '顺丰包邮 终身包退') {
  const image = photo(dashes);
  const png = await writeChinese(sharp(image.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }), [
    { text, left: 88, top: 43, size: 28, color: '#ffffff' },
  ]);
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: WIDTH, height: HEIGHT };
}

const inside = (inner: TextBox, outer: { x0: number; x1: number }) =>
  inner.x >= outer.x0 && inner.x + inner.width <= outer.x1;

describe('a line between two dashes', () => {
  it('is read as its text between them: the dash read as 「一」 is cut off the line, and both dashes are found', async () => {
    const image = await subtitled();
    const framed = betweenDashes(image, { text: '一顺丰包邮 终身包退', box: READ, score: 0.99 });
    assert.ok(framed, 'framed by dashes');
    assert.equal(framed.line.text, '顺丰包邮 终身包退');
    assert.ok(framed.line.box.x >= LEFT_DASH.x + LEFT_DASH.width, `the line starts at ${framed.line.box.x}`);
    assert.equal(framed.line.box.x + framed.line.box.width, READ.x + READ.width);
    assert.deepEqual(
      framed.dashes.map((d) => [d.x, d.width]),
      [
        [LEFT_DASH.x, LEFT_DASH.width],
        [RIGHT_DASH.x, RIGHT_DASH.width],
      ],
    );
  });

  it('a line beginning with the character 一 and no dash at its other end is left as read', async () => {
    const image = await subtitled([LEFT_DASH]);
    assert.equal(betweenDashes(image, { text: '一顺丰包邮 终身包退', box: READ, score: 0.99 }), null);
  });

  it('is erased without touching the dashes, and they are not smeared into where it was', async () => {
    const image = await subtitled();
    const before = Buffer.from(image.data);
    const line = { text: '顺丰包邮 终身包退', box: { ...READ, x: 83, width: 342 }, score: 0.99 };
    const block = { lines: [line], box: line.box, text: line.text, align: 'left' as const, lineHeight: 35 };
    await eraseBlocks({
      image,
      blocks: [block],
      translations: ['Free shipping, lifetime returns'],
      kept: [LEFT_DASH, RIGHT_DASH],
      decorations: [LEFT_DASH, RIGHT_DASH],
    });
    for (const d of [LEFT_DASH, RIGHT_DASH])
      for (let y = d.y; y < d.y + d.height; y++)
        for (let x = d.x; x < d.x + d.width; x++) {
          const i = (y * WIDTH + x) * 3;
          assert.equal(image.data[i], before[i], `dash pixel (${x},${y}) changed`);
        }
    // Past the dashes' ends, on their row, the photo is dark again: no white drawn out of them.
    let bright = 0;
    for (let y = ROW.y; y < ROW.y + ROW.height; y++)
      for (let x = LEFT_DASH.x + LEFT_DASH.width + 3; x < RIGHT_DASH.x - 3; x++)
        if ((image.data[(y * WIDTH + x) * 3 + 1] as number) > 120) bright++;
    assert.ok(bright < 10, `${bright} bright pixels left between the dashes`);
  });

  it('a table’s rule beyond a vertical rule is no dash (alimama train-11’s spec grid)', () => {
    const grid = photo([
      { x: 428, y: 20, width: 2, height: 90 },
      { x: 430, y: 56, width: 80, height: 2 },
    ]);
    assert.equal(dashBeside(grid, { ...READ, x: 83, width: 342 }, 'right'), null);
  });

  it('has its translation drawn between the dashes, centred, never over one', async () => {
    const erased = photo();
    const background = await sharp(erased.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer();
    const block: TranslatedBlock = {
      id: 1,
      source: '顺丰包邮 终身包退',
      text: 'Free shipping by SF Express and lifetime returns',
      box: { ...READ, x: 83, width: 342 },
      fontSize: 25,
      color: '#ffffff',
      bold: true,
      align: 'left',
      hidden: false,
      overflow: false,
    };
    const result = await drawTranslation(background, [block], 'en');
    const [back] = result.blocks as [TranslatedBlock];
    assert.ok(back.drawn, 'drawn');
    const between = { x0: LEFT_DASH.x + LEFT_DASH.width, x1: RIGHT_DASH.x };
    assert.ok(
      inside(back.drawn, between),
      `drawn at ${JSON.stringify(back.drawn)}, the dashes end at 82 and start at 430`,
    );
    assert.equal(back.align, 'center');
  });
});
