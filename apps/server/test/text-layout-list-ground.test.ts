/**
 * A headline above a pill whose ends line up (alimama train-0, the laptop poster, issue 51): the
 * bold white 「2021热销 10代强芯轻薄本」, right-aligned across a red and a dark metal panel, ends
 * where the small 「点击抢购」 pill below it ends. The two read as one list (one colour, near one
 * size, one right edge), and the headline was drawn at the 12 px the pill's label fitted at: a
 * third of the original's letters. A line on the open page never takes a pill label's size.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { flatShapesPng } from './fakes/flat-shapes.ts';

const WIDTH = 513;
const HEIGHT = 280;
/** The detector's boxes on train-0. */
const HEADLINE = { x: 32, y: 42, width: 446, height: 36 };
const BUTTON_LINE = { x: 352, y: 223, width: 119, height: 34 };
const BUTTON = { x: 342, y: 222, width: 138, height: 36 };

/** A red panel on the left, a dark metal one on the right, the crimson pill on the dark one. */
const poster = () =>
  flatShapesPng(WIDTH, HEIGHT, '#c4423f', [
    { x: 242, fill: '#35363a' },
    { ...BUTTON, rx: 18, fill: '#a81d34' },
  ]);

const line = (id: number, box: typeof HEADLINE, text: string, fontSize: number): TranslatedBlock => ({
  id,
  source: '',
  text,
  box,
  fontSize,
  color: '#ffffff',
  bold: true,
  align: 'right',
  hidden: false,
  overflow: false,
});

describe('a headline lined up with a pill below it', () => {
  it('keeps its own size, not the small size the pill label fits at', async () => {
    const headline = line(1, HEADLINE, '2021 season 10 natural bright season design', 26);
    const button = line(2, BUTTON_LINE, 'safe soft comfort', 24);
    const drawn = await drawTranslation(await poster(), [headline, button], 'en');
    const [top, onButton] = drawn.blocks;
    // The pill's label still fits its pill, on one line and small.
    assert.equal(onButton?.overflow, false);
    assert.ok((onButton?.fontSize ?? 99) <= 14, `button label at ${onButton?.fontSize} px`);
    // The headline: at least half its size, as fitBlock's own rule keeps it, and on one line
    // inside its room, clear of the pill.
    const size = top?.fontSize ?? 0;
    assert.ok(size >= 18, `headline drawn at ${size} px`);
    assert.equal(top?.overflow, false);
    const at = top?.drawn ?? { x: 0, y: 0, width: 0, height: 0 };
    assert.ok(at.width >= HEADLINE.width * 0.8, `headline ${at.width} px wide`);
    assert.ok(at.y + at.height <= BUTTON.y, `headline runs down to ${at.y + at.height}`);
  });
});
