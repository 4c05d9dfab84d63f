/**
 * 图片翻译 judged by what the seller sees, on the supplier pictures that broke it: coloured label
 * boxes, a gradient banner, outlined text over a photo, a vertical column, a two-line caption over
 * a photo. For each: no Chinese left, the picture untouched away from its text, the drawn words
 * readable by an OCR, every block standing out from what is under it; and what each case is about.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { damageOutside, englishLike, poorContrast, readBack } from './fakes/translate-measures.ts';

const SIZE = 1000;
const svg = (body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${body}</svg>`),
  );
/** A photo-like texture: fractal noise over warm and cool patches, the same every run. */
const PHOTO =
  '<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.015" numOctaves="4" seed="11"/><feColorMatrix values="0 0 0 0 0.35 0 0 0 0 0.45 0 0 0 0 0.3 0 0 0 0.9 0"/></filter></defs><rect width="100%" height="100%" fill="#5d7a4a"/><rect width="100%" height="100%" filter="url(#n)"/><circle cx="700" cy="650" r="220" fill="#2f3e46"/>';

const CASES: { name: string; background: string; texts: Writing[] }[] = [
  {
    name: 'coloured label boxes',
    background:
      '<rect width="100%" height="100%" fill="#f4f1ea"/><rect x="80" y="120" width="520" height="110" rx="14" fill="#e63946"/><rect x="80" y="300" width="520" height="110" rx="14" fill="#ffb703"/><rect x="80" y="480" width="520" height="110" rx="14" fill="#2a9d8f"/>',
    texts: [
      { text: '专业鉴定', left: 110, top: 140, size: 60, color: '#ffffff' },
      { text: '限时特惠', left: 110, top: 320, size: 60, color: '#1d3557' },
      { text: '正品保障', left: 110, top: 500, size: 60, color: '#ffffff' },
    ],
  },
  {
    name: 'gradient banner',
    background:
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7b2ff7"/><stop offset="1" stop-color="#f107a3"/></linearGradient></defs><rect width="100%" height="100%" fill="#ffffff"/><rect x="0" y="380" width="1000" height="200" fill="url(#g)"/>',
    texts: [{ text: '新品上市 限时特惠', left: 160, top: 430, size: 72, color: '#ffffff' }],
  },
  {
    name: 'outlined text over a photo',
    background: PHOTO,
    texts: [
      {
        text: '买一送一',
        left: 240,
        top: 160,
        size: 110,
        color: '#ffd60a',
        outline: { color: '#000000', width: 5 },
      },
    ],
  },
  {
    name: 'vertical column',
    background:
      '<rect width="100%" height="100%" fill="#ffffff"/><rect x="300" y="150" width="500" height="700" fill="#d4a373"/>',
    texts: [{ text: '领券更优惠', left: 90, top: 200, size: 64, color: '#c1121f', vertical: true }],
  },
  {
    name: 'two-line caption over a photo',
    background: PHOTO,
    texts: [
      { text: '最美的不是下雨天', left: 150, top: 300, size: 64, color: '#ffffff' },
      { text: '是曾与你躲过雨的屋檐', left: 90, top: 400, size: 64, color: '#ffffff' },
    ],
  },
];

describe('图片翻译 · the pictures a seller would not publish before', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());
  const translator = (blocks: { id: number; text: string }[]) => translateOffline(blocks, englishLike);

  for (const scene of CASES)
    it(`${scene.name}: nothing left, nothing else touched, every word readable and standing out`, async () => {
      const input = await writeChinese(svg(scene.background), scene.texts);
      const picture = await translatePicture(
        ocr,
        input,
        { target: 'en', keep: [], product: null },
        translator,
      );
      assert.equal(picture.residual.count, 0, 'Chinese left on the picture');
      const damage = await damageOutside(input, picture.background, picture.blocks);
      assert.ok(damage <= 0.005, `${(damage * 100).toFixed(2)}% of the picture changed away from its text`);
      const read = await readBack(ocr, picture.result, picture.blocks);
      assert.ok(read.found >= read.drawn * 0.9, `only ${read.found} of ${read.drawn} drawn words read back`);
      assert.equal(await poorContrast(picture.background, picture.blocks), 0, 'a block under 3:1');

      if (scene.name === 'coloured label boxes') {
        // Each label keeps its own colour where its text was: a crisp label, not a smudge.
        const { data, info } = await sharp(picture.background).raw().toBuffer({ resolveWithObject: true });
        for (const [top, colour] of [
          [120, [0xe6, 0x39, 0x46]],
          [300, [0xff, 0xb7, 0x03]],
          [480, [0x2a, 0x9d, 0x8f]],
        ] as const) {
          let off = 0;
          for (let y = top + 20; y < top + 90; y++)
            for (let x = 100; x < 580; x++) {
              const at = (y * info.width + x) * info.channels;
              if ([0, 1, 2].some((c) => Math.abs((data[at + c] as number) - (colour[c] as number)) > 24))
                off += 1;
            }
          assert.ok(off < 70 * 480 * 0.01, `the label at ${top} has ${off} pixels off its colour`);
        }
        assert.equal(picture.blocks[1]?.color, '#1d3557', 'the dark text on the yellow label is drawn dark');
      }
      if (scene.name === 'outlined text over a photo') {
        const [block] = picture.blocks;
        assert.ok(block?.outline, 'the outline is found and drawn back');
        assert.ok(
          /^#[0-3][0-9a-f][0-3][0-9a-f][0-3][0-9a-f]$/.test(block.outline.color),
          block.outline.color,
        );
      }
      if (scene.name === 'vertical column') {
        const [block] = picture.blocks;
        // Sized from the column's width, not its height (letters a column high).
        assert.ok(block && block.fontSize <= 64, `drawn at ${block?.fontSize} px`);
      }
      if (scene.name === 'two-line caption over a photo') {
        assert.equal(picture.blocks.length, 2, 'the two lines stay two lines');
        // White over a photo with pale and dark patches: drawn with an outline wherever it would not read.
        assert.ok(picture.blocks.every((b) => b.color === '#ffffff' || b.outline));
      }
    });
});
