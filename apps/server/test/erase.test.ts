import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { contrastRatio, grow, inpaint, markStrokes } from '../src/imaging/text/erase.ts';
import { writeChinese } from './fakes/chinese-text.ts';

const W = 800;
const H = 400;
const LABEL = { left: 40, top: 40, width: 340, height: 100, colour: [214, 40, 40] };

/** A textured background (seeded noise, blurred a little) with a flat red label on it. */
async function backgroundWithLabel(): Promise<Buffer> {
  let seed = 7;
  const noise = Buffer.alloc(W * H * 3);
  for (let i = 0; i < noise.length; i += 3) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const n = (seed >>> 16) % 40;
    noise[i] = 150 + n;
    noise[i + 1] = 120 + n;
    noise[i + 2] = 90 + (n >> 1);
  }
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="${LABEL.left}" y="${LABEL.top}" width="${LABEL.width}" height="${LABEL.height}" fill="rgb(${LABEL.colour.join(',')})"/></svg>`;
  return sharp(noise, { raw: { width: W, height: H, channels: 3 } })
    .blur(1.2)
    .composite([{ input: Buffer.from(label) }])
    .png()
    .toBuffer();
}

const raw = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('图片翻译 · erasing the strokes, not the rectangle', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  it('fills only the text and its edge: the label stays one crisp colour, the texture around is untouched', async () => {
    const clean = await backgroundWithLabel();
    const writings = [
      { text: '限时特惠', left: 60, top: 55, size: 60, color: '#ffe66d' },
      { text: '纯棉面料 亲肤透气', left: 60, top: 240, size: 44, color: '#ffffff' },
    ];
    const written = await writeChinese(sharp(clean), writings);
    // Where the glyphs are, from the same text drawn white on black, and 4 px around for their edge.
    const black = sharp({ create: { width: W, height: H, channels: 3, background: '#000' } });
    const glyphs = await raw(
      await writeChinese(
        black,
        writings.map((w) => ({ ...w, color: '#ffffff' })),
      ),
    );
    const nearGlyph = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if ((glyphs.data[(y * W + x) * 3] as number) > 16)
          for (let dy = -4; dy <= 4; dy++)
            for (let dx = -4; dx <= 4; dx++) {
              const yy = y + dy;
              const xx = x + dx;
              if (yy >= 0 && yy < H && xx >= 0 && xx < W) nearGlyph[yy * W + xx] = 1;
            }
    const lines = await ocr.readLines(written);
    assert.equal(lines.length, 2, lines.map((l) => l.text).join(' | '));
    const image = await raw(written);
    const before = Buffer.from(image.data);
    const mask = new Uint8Array(W * H);
    const inks = lines.map((line) =>
      markStrokes(image, grow(line.box, Math.max(2, line.box.height * 0.18), W, H), mask),
    );
    await inpaint(image, mask);

    // Nothing outside the marked strokes changed.
    let changedOutside = 0;
    for (let p = 0; p < W * H; p++)
      if (!mask[p] && [0, 1, 2].some((c) => image.data[p * 3 + c] !== before[p * 3 + c])) changedOutside += 1;
    assert.equal(changedOutside, 0);
    // What changed is the text and its edge: hardly a pixel of the picture away from the glyphs.
    let changedAway = 0;
    for (let p = 0; p < W * H; p++)
      if (!nearGlyph[p] && [0, 1, 2].some((c) => image.data[p * 3 + c] !== before[p * 3 + c]))
        changedAway += 1;
    assert.ok(
      changedAway / (W * H) < 0.002,
      `${((changedAway / (W * H)) * 100).toFixed(2)}% changed away from the text`,
    );
    // The label is one colour again, edge to edge: no ghost of the strokes, no blotch.
    let off = 0;
    for (let y = LABEL.top + 3; y < LABEL.top + LABEL.height - 3; y++)
      for (let x = LABEL.left + 3; x < LABEL.left + LABEL.width - 3; x++) {
        const at = (y * W + x) * 3;
        const far = LABEL.colour.some((v, c) => Math.abs((image.data[at + c] as number) - v) > 8);
        if (far) off += 1;
      }
    assert.ok(off < 20, `${off} label pixels off its colour`);
    // The text's colour is read from its strokes.
    assert.equal(inks[0]?.color, '#ffe66d');
    assert.equal(inks[1]?.color, '#ffffff');
    // And no Chinese is left to read.
    const erased = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer();
    assert.deepEqual(
      (await ocr.readLines(erased)).map((l) => l.text),
      [],
    );
  });
});

describe('图片翻译 · a gradient behind bright letters is no glow', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  // A Tmall poster's headline (alimama poster train-6): gold letters on a red gradient. The lighter
  // band of the red reads, channel by channel, a little towards gold, and was swept as the letters'
  // glow: half a line's height all round was marked and inpainted into pink and white blotches.
  it('marks the letters and their edge, not the red around them', async () => {
    const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a30112"/><stop offset="0.5" stop-color="#cc1124"/><stop offset="1" stop-color="#98000f"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/></svg>`;
    const writing = { text: '前1小时9折', left: 120, top: 140, size: 90, color: '#ffcb80' };
    const written = await writeChinese(sharp(Buffer.from(gradient)), [writing]);
    const glyphs = await raw(
      await writeChinese(sharp({ create: { width: W, height: H, channels: 3, background: '#000' } }), [
        { ...writing, color: '#ffffff' },
      ]),
    );
    const lines = await ocr.readLines(written);
    assert.equal(lines.length, 1, lines.map((l) => l.text).join(' | '));
    const line = lines[0] as (typeof lines)[number];
    const image = await raw(written);
    const mask = new Uint8Array(W * H);
    markStrokes(image, grow(line.box, Math.max(2, line.box.height * 0.18), W, H), mask);
    // Marked pixels farther than 6 px from any glyph: the red itself.
    let away = 0;
    let marked = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (!mask[y * W + x]) continue;
        marked += 1;
        let near = false;
        for (let dy = -6; dy <= 6 && !near; dy++)
          for (let dx = -6; dx <= 6 && !near; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy >= 0 && yy < H && xx >= 0 && xx < W && (glyphs.data[(yy * W + xx) * 3] as number) > 16)
              near = true;
          }
        if (!near) away += 1;
      }
    assert.ok(marked > 0);
    assert.ok(away / marked < 0.05, `${away} of ${marked} marked pixels are the gradient, not the letters`);
  });
});

describe('图片翻译 · the colour text is drawn back in', () => {
  it('keeps a colour that reads, and darkens pale text on a pale label to at least 3:1, keeping its hue', async () => {
    const label = [250, 246, 236];
    const image = await raw(
      await writeChinese(
        sharp({
          create: {
            width: 400,
            height: 120,
            channels: 3,
            background: { r: label[0], g: label[1], b: label[2] },
          },
        }),
        [
          { text: '包邮', left: 20, top: 30, size: 48, color: '#1d3557' },
          { text: '正品', left: 220, top: 30, size: 48, color: '#f2c94c' },
        ],
      ),
    );
    const mask = new Uint8Array(400 * 120);
    const dark = markStrokes(image, { x: 10, y: 20, width: 160, height: 80 }, mask);
    const pale = markStrokes(image, { x: 210, y: 20, width: 160, height: 80 }, mask);
    assert.equal(dark.color, '#1d3557', 'a colour that reads is kept');
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const drawn = rgb(pale.color);
    assert.ok(
      contrastRatio(drawn, label) >= 3,
      `${pale.color} reads ${contrastRatio(drawn, label).toFixed(2)}:1`,
    );
    const [r = 0, g = 0, b = 0] = drawn;
    assert.ok(r > b && g > b, `${pale.color} is still a yellow`);
  });
});
