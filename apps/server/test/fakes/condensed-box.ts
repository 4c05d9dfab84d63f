/**
 * taobao4's 「原版正品」: a small white box inside a red one, as the erase leaves it. Its three-word
 * translation fits the white box only with its letters condensed (render.ts's CONDENSED, 85% or 75%
 * wide), so the tests of what carries that squeeze (the block sent back, the PSD's text layer)
 * draw it here.
 */
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';

/** The translation that needs condensed letters to fit the white box. */
export const THREE_WORDS = 'gift smooth bright';

/** One of the two letter widths render.ts condenses to. */
export const isCondensed = (scale: number | undefined) => scale === 0.85 || scale === 0.75;

/**
 * A white page of `width` × `height` with the red box's top left corner at `red`: the red box, the
 * white box inside it, and the page as a sharp pipeline (not yet encoded, so a test may write on it).
 */
export function whiteBoxInRed(width: number, height: number, red: { x: number; y: number }) {
  const redBox = { ...red, width: 150, height: 70 };
  const whiteBox = { x: red.x + 37, y: red.y + 25, width: 75, height: 19 };
  const page = () =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(
      [
        { box: redBox, colour: '#d8322e' },
        { box: whiteBox, colour: '#ffffff' },
      ].map(({ box, colour }) => ({
        input: { create: { width: box.width, height: box.height, channels: 3, background: colour } },
        left: box.x,
        top: box.y,
      })),
    );
  return { redBox, whiteBox, page };
}

/** A bold red 15 px line of 「原版正品」 translated as `text`, in `box`. */
export const boxLine = (id: number, text: string, box: TranslatedBlock['box']): TranslatedBlock => ({
  id,
  source: '原版正品',
  text,
  box,
  fontSize: 15,
  color: '#da4441',
  bold: true,
  align: 'center',
  hidden: false,
  overflow: false,
  outline: null,
});
