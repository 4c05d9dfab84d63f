import { expect, type Page } from './test.ts';

export type Box = { x: number; y: number; width: number; height: number };

/**
 * 修补's canvas, once its pictures are drawn and the dialog has finished opening: it zooms in as it
 * opens, and a box taken mid-animation put the strokes beside their target (CI twice erased part of
 * the mug instead of the red box).
 */
export async function settledTouchUpCanvas(page: Page) {
  const canvas = page.getByLabel('修补画布：在要擦除或恢复的地方涂抹');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  let box = (await canvas.boundingBox()) as Box;
  await expect
    .poll(async () => {
      const before = JSON.stringify(box);
      await page.waitForTimeout(250);
      box = (await canvas.boundingBox()) as Box;
      return JSON.stringify(box) === before;
    })
    .toBe(true);
  return { canvas, box };
}

/** Where a point of the 1600×1200 test photo is on screen, the canvas being at `box`. */
export const onPhoto = (box: Box, x: number, y: number) => ({
  x: box.x + (x / 1600) * box.width,
  y: box.y + (y / 1200) * box.height,
});
