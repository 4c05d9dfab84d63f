/**
 * 图片翻译 · a line whose words stand half beside a price pill and half in it: 「仅 398」 on a Tmall
 * bicycle poster (alimama's train-10), white 仅 on a dark bar and red 398 on a white pill about as
 * tall as the line. Above and below the line lies the bar (and the page under it) on both sides of
 * the pill's end, so the line was refilled as one on the bar, and the digits were inpainted into a
 * grey smear inside the pill. The pill is found inside the line (pill-edges.ts) and each piece is
 * refilled on its own fill.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { BAR, barAndPillSvg, PILL } from './fakes/bar-and-pill.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { offColour } from './fakes/written-scenes.ts';

/** The poster's bar and pill with 仅 written on the bar and 398 in the pill. */
const poster = () =>
  writeChinese(sharp(barAndPillSvg()), [
    { text: '仅', left: 262, top: 264, size: 58, color: '#ffffff' },
    { text: '398', left: 372, top: 266, size: 56, color: '#ee0000' },
  ]);

describe('图片翻译 · a line half beside a price pill and half in it', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('refills the pill white and the bar dark, the pill keeping its round corners', async () => {
    const original = await poster();
    const lines = await ocr.readLines(original);
    assert.ok(
      lines.some((line) => line.text.includes('仅') && line.text.includes('398')),
      `read as one line: ${lines.map((line) => line.text).join(' | ')}`,
    );
    const picture = await translatePicture(
      ocr,
      original,
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    const erased = picture.background;
    // The pill's inside, clear of its round ends: where 398 was, no grey smear.
    const inside = {
      x: PILL.x + PILL.radius,
      y: PILL.y + 4,
      width: PILL.width - 2 * PILL.radius,
      height: PILL.height - 8,
    };
    assert.equal(await offColour(erased, inside, [255, 255, 255]), 0, 'the pill is white where 398 was');
    // Where 仅 was, the bar: no white left, no pill's white pulled onto it.
    assert.equal(
      await offColour(erased, { x: 250, y: 250, width: 72, height: 84 }, BAR),
      0,
      'the bar is dark',
    );
    // The pill's corners stay round: just outside each round corner the bar, just inside the pill.
    const corners = [
      [PILL.x + 2, PILL.y + 2],
      [PILL.x + PILL.width - 3, PILL.y + 2],
      [PILL.x + 2, PILL.y + PILL.height - 3],
      [PILL.x + PILL.width - 3, PILL.y + PILL.height - 3],
    ];
    for (const [x, y] of corners)
      assert.equal(
        await offColour(erased, { x: x as number, y: y as number, width: 1, height: 1 }, BAR),
        0,
        `corner ${x},${y}`,
      );
  });
});
