import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { initializeCanvas, type Layer, readPsd } from 'ag-psd';
import sharp from 'sharp';
import { writeChinese } from '../../apps/server/test/fakes/chinese-text.ts';
import { phoneForRepeat, register } from '../support/account.ts';
import { expect, type Page, test } from '../support/test.ts';

type Pixels = NonNullable<Layer['imageData']>;
// ag-psd reads pixels into ImageData, which Node has not: plain arrays do.
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) =>
    ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as unknown as ImageData,
);

const WIDTH = 800;
const HEIGHT = 600;
/** A navy panel in the corner: the colour the seller picks. */
const NAVY = [0x26, 0x46, 0x53];
/** Where the seller paints, on the beige page, and a place next to it the brush does not reach. */
const SPOT = { x: 350, y: 300 };
const BESIDE = { x: 350, y: 380 };

/** A supplier picture: Chinese selling points on beige, and a navy panel to pick a colour from. */
async function pictureWithPanel(): Promise<Buffer> {
  const panel = await sharp({ create: { width: 180, height: 100, channels: 3, background: '#264653' } })
    .png()
    .toBuffer();
  const base = sharp(
    await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#f4efe6' } })
      .composite([{ input: panel, left: 600, top: 20 }])
      .png()
      .toBuffer(),
  );
  return writeChinese(base, [
    { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
    { text: '限时特惠 ¥99', left: 480, top: 420, size: 40, color: '#c1121f' },
  ]);
}

/** A pixel of a picture the page shows (its natural size is the picture's), read through a canvas. */
function pixelOf(image: Locator, at: { x: number; y: number }): Promise<number[]> {
  return image.evaluate(async (element: HTMLImageElement, { x, y }) => {
    const copy = new Image();
    copy.src = element.src;
    await copy.decode();
    const canvas = document.createElement('canvas');
    canvas.width = copy.naturalWidth;
    canvas.height = copy.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(copy, 0, 0);
    return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
  }, at);
}

const near = (rgb: number[], expected: number[], by = 6) =>
  rgb.every((value, i) => Math.abs(value - (expected[i] as number)) <= by);

/** The 修补 canvas, loaded and no longer moving, and where a picture pixel is on screen. */
async function brushCanvas(page: Page) {
  const canvas = page.getByLabel('修补画布：在要修补的地方涂抹');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  await canvas.scrollIntoViewIfNeeded();
  let box = await canvas.boundingBox();
  await expect
    .poll(async () => {
      const before = JSON.stringify(box);
      await page.waitForTimeout(200);
      box = await canvas.boundingBox();
      return JSON.stringify(box) === before;
    })
    .toBe(true);
  const onScreen = async (x: number, y: number) => {
    const now = await canvas.boundingBox();
    if (!now) throw new Error('the canvas is not shown');
    return { x: now.x + (x / WIDTH) * now.width, y: now.y + (y / HEIGHT) * now.height };
  };
  return { canvas, onScreen };
}

/**
 * 修补画笔 in Chromium against the real server: a translated picture, a colour picked from its navy
 * panel, a stroke painted with it on the beige page at 2× zoom; 重新生成 draws it under the text,
 * the result shows it there (and only there), a reload keeps it, and the PSD's background has it.
 */
test('取色 from the picture, paint a spot, 重新生成 shows it; a reload and the PSD keep it', async ({
  page,
}, testInfo) => {
  await register(page, phoneForRepeat('13912351050', testInfo));
  await page.goto('/#/translate');
  await page
    .getByLabel('选择图片')
    .setInputFiles({ name: 'panel.png', mimeType: 'image/png', buffer: await pictureWithPanel() });
  const result = page.getByRole('region', { name: '翻译结果' });
  await expect(result.getByLabel('第 1 块译文')).toHaveValue(/Waterproof/, { timeout: 60_000 });
  const translated = result.getByRole('img', { name: '翻译后的图片' });
  expect(near(await pixelOf(translated, SPOT), [0xf4, 0xef, 0xe6]), 'beige before').toBe(true);

  await result.getByText('修补画笔', { exact: true }).click();
  const { canvas, onScreen } = await brushCanvas(page);
  // The first tap picks the colour under it.
  const panel = await onScreen(690, 70);
  await page.mouse.click(panel.x, panel.y);
  await expect(result.getByLabel('画笔颜色')).toHaveValue('#264653');

  // Zoomed in, the same picture pixel is under the pointer.
  await result.getByRole('button', { name: '放大' }).click();
  await expect(result.getByLabel('缩放比例')).toHaveText('200%');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  const from = await onScreen(SPOT.x - 30, SPOT.y);
  const to = await onScreen(SPOT.x + 30, SPOT.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(result.getByRole('button', { name: /撤销/ })).toBeEnabled();

  const before = await translated.getAttribute('src');
  const rendered = page.waitForResponse('**/api/v1/translate/render');
  await result.getByRole('button', { name: /重新生成/ }).click();
  const response = await rendered;
  expect(response.status()).toBe(200);
  type Sent = { repair?: { mode: string; colour?: string; width: number; points: number[][] }[] };
  const repair = (response.request().postDataJSON() as Sent).repair ?? [];
  expect(repair).toHaveLength(1);
  expect(repair[0]).toMatchObject({ mode: 'colour', colour: '#264653' });
  // Where the drag began, in the picture's pixels.
  const [first] = repair[0]?.points ?? [];
  expect(Math.abs((first?.[0] ?? 0) - (SPOT.x - 30))).toBeLessThanOrEqual(2);
  expect(Math.abs((first?.[1] ?? 0) - SPOT.y)).toBeLessThanOrEqual(2);

  await expect(translated).not.toHaveAttribute('src', before ?? '');
  expect(near(await pixelOf(translated, SPOT), NAVY), 'painted where the stroke went').toBe(true);
  expect(near(await pixelOf(translated, BESIDE), [0xf4, 0xef, 0xe6]), 'beige beside it').toBe(true);
  // Free, like 重新生成: still the one translation's use.
  await expect(page.getByText(/今日剩余 4\/5/)).toBeVisible();
  await expect(result.getByRole('button', { name: /撤销/ })).toBeDisabled();

  // 下载 PSD: the background layer carries the repair.
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: /下载 PSD/ }).click();
  const psd = readPsd(await readFile(await (await download).path()), { useImageData: true });
  const layer = (psd.children ?? []).find((l) => l.name === '背景（已擦除）');
  const image = layer?.imageData as Pixels;
  const at = (SPOT.y * image.width + SPOT.x) * 4;
  expect(near([...image.data.slice(at, at + 3)], NAVY), 'the PSD background is repaired').toBe(true);

  // A reload opens the translation again on the repaired picture.
  await page.reload();
  await expect(result.getByLabel('第 1 块译文')).toHaveValue(/Waterproof/, { timeout: 20_000 });
  const erased = result.getByRole('img', { name: '去掉文字后的底图' });
  expect(near(await pixelOf(erased, SPOT), NAVY), 'the erased picture keeps the repair').toBe(true);
});
