import sharp from 'sharp';
import { writeChinese } from '../../apps/server/test/fakes/chinese-text.ts';
import { register } from '../support/account.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * 图片翻译's editor shows a translation condensed to fit as narrow as the server drew it. A
 * translation that fits its label only with its letters squeezed (taobao4's white 「原版正品」 box
 * inside a red one) is drawn so on the picture and in the PSD; the editor drew it at full width,
 * past its box over the red around it. Screenshots of the editor, light and dark, go to E2E_SHOTS
 * when it is set.
 */
const SHOTS = process.env.E2E_SHOTS;

/** A selling point on beige, and 「正品保障」 small in a white box inside a red one. */
async function boxedOffer(): Promise<Buffer> {
  const red = { x: 200, y: 180, width: 180, height: 70 };
  const white = { x: 240, y: 204, width: 84, height: 22 };
  const boxes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f4efe6' } })
    .composite(
      [
        { box: red, colour: '#d8322e' },
        { box: white, colour: '#ffffff' },
      ].map(({ box, colour }) => ({
        input: { create: { width: box.width, height: box.height, channels: 3, background: colour } },
        left: box.x,
        top: box.y,
      })),
    )
    .png()
    .toBuffer();
  // Flattened first: sharp keeps only a pipeline's last composite, and writeChinese composites.
  return writeChinese(sharp(boxes), [
    { text: '防水透气', left: 30, top: 40, size: 28, color: '#1d3557' },
    { text: '正品保障', left: 250, top: 205, size: 16, color: '#d8322e' },
  ]);
}

/**
 * The letters on screen (after any squeeze) against the box the seller drags around them, which
 * is where the server drew them: as wide and high as it, on one line as drawn.
 */
function inkAgainstBox(page: Page, label: RegExp) {
  return page.getByRole('button', { name: label }).evaluate((element) => {
    const letters = document.createRange();
    letters.selectNodeContents(element.querySelector('.translate-layer__text') as Element);
    const ink = letters.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { width: ink.width / box.width, height: ink.height / box.height };
  });
}

/**
 * Letters that fill their box, run past it by less than the browser's own wider letters, on one
 * line, once the editor has laid them out: on CI the layer was once caught while its box was a
 * sliver (letters 256 times its height), before the picture had its size.
 */
async function expectInBox(page: Page) {
  await expect(async () => {
    const ink = await inkAgainstBox(page, LAYER);
    expect(ink.width).toBeGreaterThan(0.7);
    expect(ink.width).toBeLessThan(1.12);
    expect(ink.height).toBeLessThan(1.7);
  }).toPass({ timeout: 10_000 });
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const editor = page.getByRole('region', { name: '编辑文字' });
  for (const theme of ['default', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('themeName', value), theme);
    await page.reload(); // the theme is read as the app starts; the translation opens again
    const layer = page.getByRole('button', { name: LAYER });
    await expect(layer).toContainText('Genuine guarantee', { timeout: 20_000 });
    await layer.scrollIntoViewIfNeeded();
    await editor.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.evaluate(() => localStorage.setItem('themeName', 'default'));
}

const LAYER = /（原文：正品保障）/;
type Answer = { data: { blocks: { source: string; horizontalScale?: number }[] } };
const widthOf = async (answer: Promise<{ json(): Promise<unknown> }>) =>
  ((await (await answer).json()) as Answer).data.blocks.find((b) => b.source === '正品保障')?.horizontalScale;

for (const [width, height, phone] of [
  [1440, 900, '13912358771'],
  [390, 844, '13912358772'],
] as const) {
  test.describe(`at ${width} wide`, () => {
    test.use({ viewport: { width, height } });
    test('a translation condensed to fit its label is shown as narrow as it is drawn', async ({ page }) => {
      test.setTimeout(120_000);
      await register(page, phone);
      await page.goto('/#/translate');
      const translated = page.waitForResponse('**/api/v1/translate/image');
      await page
        .getByLabel('选择图片')
        .setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: await boxedOffer() });
      // Two words in the 84 × 22 white box: only with its letters squeezed.
      expect(await widthOf(translated)).toBeLessThan(1);
      const result = page.getByRole('region', { name: '翻译结果' });
      const layer = result.getByRole('button', { name: LAYER });
      await expect(layer).toContainText('Genuine guarantee', { timeout: 60_000 });
      await shoot(page, `condensed-${width}`);

      // Its letters stay in the box where the server drew them; at full width they ran past it or
      // wrapped onto a second line over the red.
      await expect(layer).toContainText('Genuine guarantee');
      await expectInBox(page);

      // Shortened by the seller and drawn again: it fits at full width, and is shown so.
      const named = await layer.getAttribute('aria-label');
      await result.getByLabel(`第 ${named?.match(/第 (\d+) 块/)?.[1]} 块译文`).fill('Genuine');
      const drawn = page.waitForResponse('**/api/v1/translate/render');
      await result.getByRole('button', { name: /重新生成/ }).click();
      expect(await widthOf(drawn)).toBe(1);
      await expect(result.getByRole('button', { name: /重新生成/ })).toBeDisabled();
      await expectInBox(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
