/**
 * 图片翻译 · two pills side by side: alimama train-3's blue 「金属A面」「高效散热」, 9 px apart with the
 * dark picture between them. The detector's two boxes were near enough to be joined as one line
 * split at a wide space, so the pair was erased as one line: the gap was refilled blue and the
 * English laid out across both pills. Each pill's words are now a line of their own (the pixels
 * between them are neither pill's fill: ocr/label-gap.ts), the gap stays dark and each translation
 * is drawn inside its own pill. A table's two cells with a thin rule between (train-11's
 * 「前后中全套轴承」「双碟刹」) are told apart the same way.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { flatShapesSvg } from './fakes/flat-shapes.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { offColour } from './fakes/written-scenes.ts';

const PAGE = [52, 18, 46];
const BLUE = '#1e64f0';
const LEFT_PILL = { x: 110, y: 60, width: 104, height: 32 };
const GAP = 9;
const RIGHT_PILL = { x: LEFT_PILL.x + LEFT_PILL.width + GAP, y: 60, width: 112, height: 32 };
const BETWEEN = { x: LEFT_PILL.x + LEFT_PILL.width + 2, y: LEFT_PILL.y + 3, width: GAP - 4, height: 26 };

/**
 * A dark page with two blue pills side by side, white words in each, the pills hugging their words
 * as train-3's do: the detector's boxes are 19 px apart, under the 25 px of their height.
 */
const poster = () =>
  writeChinese(
    sharp(
      flatShapesSvg(480, 150, `rgb(${PAGE.join(',')})`, [
        { ...LEFT_PILL, fill: BLUE },
        { ...RIGHT_PILL, fill: BLUE },
      ]),
    ),
    [onPill('金属A面', LEFT_PILL), onPill('高效散热', RIGHT_PILL)],
  );

/** White words written inside a pill, as train-3's. */
const onPill = (text: string, pill: { x: number; y: number }) => ({
  text,
  left: pill.x + 6,
  top: pill.y + 1,
  size: 26,
  color: '#ffffff',
  bold: false,
});

/** Two dark table cells with a 1 px rule between them (x 300), a yellow and a white word beside it. */
const tableRow = () =>
  writeChinese(
    sharp(
      flatShapesSvg(480, 100, '#1a0a0c', [
        { x: 300, width: 1, fill: '#e0e0e0' },
        { y: 20, height: 1, fill: '#e0e0e0' },
        { y: 70, height: 1, fill: '#e0e0e0' },
      ]),
    ),
    [
      { text: '前后中全套轴承', left: 123, top: 28, size: 24, color: '#f0e000' },
      { text: '双碟刹', left: 309, top: 28, size: 24, color: '#ffffff' },
    ],
  );

const inside = (box: { x: number; width: number }, pill: { x: number; width: number }) =>
  box.x >= pill.x - 2 && box.x + box.width <= pill.x + pill.width + 2;

describe('图片翻译 · two pills side by side', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('reads each pill as a line of its own', async () => {
    const lines = await ocr.readLines(await poster());
    assert.deepEqual(
      lines.map((line) => line.text),
      ['金属A面', '高效散热'],
    );
  });

  it('reads two table cells with a rule between them as two lines', async () => {
    const lines = await ocr.readLines(await tableRow());
    assert.deepEqual(
      lines.map((line) => line.text),
      ['前后中全套轴承', '双碟刹'],
    );
  });

  it('keeps the gap between the pills dark and draws each translation inside its pill', async () => {
    const original = await poster();
    assert.equal(await offColour(original, BETWEEN, PAGE), 0, 'the scene: dark between the pills');
    const picture = await translatePicture(
      ocr,
      original,
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    assert.equal(await offColour(picture.background, BETWEEN, PAGE), 0, 'dark between the pills once erased');
    assert.equal(await offColour(picture.result, BETWEEN, PAGE), 0, 'and once drawn');
    assert.equal(picture.blocks.length, 2, picture.blocks.map((block) => block.source).join(' | '));
    const left = picture.blocks.find((block) => block.source === '金属A面');
    const right = picture.blocks.find((block) => block.source === '高效散热');
    assert.ok(left && inside(left.drawn ?? left.box, LEFT_PILL), JSON.stringify(left));
    assert.ok(right && inside(right.drawn ?? right.box, RIGHT_PILL), JSON.stringify(right));
  });
});
