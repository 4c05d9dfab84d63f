/**
 * 图片翻译 on promotion designs: the labels the text is printed on come back refilled, not smeared
 * (issue 51). Each scene is a Taobao-style design drawn the way such pictures are made: a design
 * first, the Chinese printed on it. The check is on the erased picture (the translation is drawn
 * later): where the text was, the design must read as it was without the text. Before the label
 * refill (label-fill.ts) the white box nested in a red one came back pink, the price box lost its
 * dark frame where its digits touched it, and a white page kept grey ghosts of every line.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { englishLike } from './fakes/translate-measures.ts';

const svg = (body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">${body}</svg>`));

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels of `area` on the erased picture farther than `tolerance` from `rgb`. */
async function offColour(png: Buffer, area: Area, rgb: number[], tolerance: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let off = 0;
  for (let y = area.y; y < area.y + area.height; y++)
    for (let x = area.x; x < area.x + area.width; x++) {
      const i = (y * info.width + x) * 3;
      const d = Math.hypot(...[0, 1, 2].map((c) => (data[i + c] as number) - (rgb[c] as number)));
      if (d > tolerance) off += 1;
    }
  return off;
}

describe('图片翻译 · labels on promotion designs are refilled, not smeared', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());
  const erase = async (background: string, texts: Writing[]) => {
    const picture = await translatePicture(
      ocr,
      await writeChinese(svg(background), texts),
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    assert.ok(picture.blocks.length >= texts.length - 1, `${picture.blocks.length} blocks translated`);
    return picture;
  };

  it('a white box nested in a red one stays white, and the red around it red', async () => {
    const picture = await erase(
      '<rect width="800" height="800" fill="#b07850"/><rect x="200" y="200" width="400" height="200" fill="#c81e0a"/><rect x="260" y="320" width="280" height="60" fill="#ffffff"/>',
      [
        { text: '精选优质面料', left: 236, top: 232, size: 52, color: '#ffffff', bold: true },
        { text: '原版正品', left: 296, top: 326, size: 44, color: '#c81e0a', bold: true },
      ],
    );
    const erased = picture.background;
    // The red words in the white box are drawn back red, not white with a black outline (the ink
    // reading took the red box outside the white one for their background).
    const inWhite = picture.blocks.find((block) => block.source === '原版正品');
    assert.ok(inWhite, picture.blocks.map((block) => block.source).join(' / '));
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(inWhite.color.slice(at, at + 2), 16)) as number[];
    assert.ok((r as number) > 150 && (g as number) < 90 && (b as number) < 90, `drawn in ${inWhite.color}`);
    assert.ok(!inWhite.outline, `with an outline ${JSON.stringify(inWhite.outline)}`);
    // Inside each box, a 4-pixel rim left out: a label's edge is anti-aliased.
    const white = { x: 264, y: 324, width: 272, height: 52 };
    assert.equal(await offColour(erased, white, [255, 255, 255], 12), 0, 'the white box is white again');
    const redTop = { x: 204, y: 204, width: 392, height: 110 };
    assert.equal(await offColour(erased, redTop, [200, 30, 10], 12), 0, 'the red box is red again');
  });

  it('a yellow label the text nearly fills keeps its fill and its edges', async () => {
    const { background: erased } = await erase(
      '<rect width="800" height="800" fill="#b07850"/><rect x="150" y="300" width="500" height="76" fill="#f0e63c"/>',
      [{ text: '100%桑蚕丝 真丝', left: 166, top: 308, size: 58, color: '#1a1a1a', bold: true }],
    );
    assert.equal(
      await offColour(erased, { x: 152, y: 302, width: 496, height: 72 }, [240, 230, 60], 12),
      0,
      'every pixel of the label is its yellow',
    );
    // Outside the label nothing moves: the brown around it is brown, right up to its edge.
    assert.equal(await offColour(erased, { x: 100, y: 280, width: 600, height: 18 }, [176, 120, 80], 8), 0);
    assert.equal(await offColour(erased, { x: 100, y: 378, width: 600, height: 18 }, [176, 120, 80], 8), 0);
  });

  it('a price box keeps its dark frame and its gradient', async () => {
    const { background: erased } = await erase(
      '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#e8202a"/><stop offset="1" stop-color="#b0101a"/></linearGradient></defs><rect width="800" height="800" fill="#ffffff"/><rect x="190" y="290" width="420" height="160" fill="#3a0a0a"/><rect x="198" y="298" width="404" height="144" fill="url(#g)"/>',
      [{ text: '到手价168元', left: 214, top: 330, size: 68, color: '#ffe040', bold: true }],
    );
    const frame = [
      { x: 190, y: 290, width: 420, height: 7 },
      { x: 190, y: 443, width: 420, height: 7 },
      { x: 190, y: 290, width: 7, height: 160 },
      { x: 603, y: 290, width: 7, height: 160 },
    ];
    for (const side of frame)
      assert.equal(await offColour(erased, side, [58, 10, 10], 12), 0, 'the frame is whole');
    // The gradient runs on under where the text was: each column is the gradient's colour there.
    const { data, info } = await sharp(erased).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let off = 0;
    for (let x = 204; x < 596; x++) {
      const t = (x - 198) / 404;
      const want = [232 - t * 56, 32 - t * 16, 42 - t * 16];
      for (let y = 304; y < 436; y++) {
        const i = (y * info.width + x) * 3;
        if (Math.hypot(...want.map((v, c) => (data[i + c] as number) - v)) > 14) off += 1;
      }
    }
    assert.ok(off < 392 * 132 * 0.002, `${off} pixels off the gradient where the price was`);
  });

  it('a white facts page, saved as a JPEG, comes back flat: no ghost of any erased line', async () => {
    // JPEG's ringing around each letter is what left grey ghosts: the page is saved the way
    // sellers' detail pages arrive.
    const page = await writeChinese(svg('<rect width="800" height="800" fill="#ffffff"/>'), [
      { text: '产品名称：氨基酸洗发水', left: 80, top: 120, size: 40, color: '#333333' },
      { text: '净含量：500毫升', left: 80, top: 220, size: 40, color: '#333333' },
      { text: '适用人群：所有发质', left: 80, top: 320, size: 40, color: '#666666' },
    ]);
    const picture = await translatePicture(
      ocr,
      await sharp(page).jpeg({ quality: 80 }).toBuffer(),
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    // A ghost 6 levels off white shows on a bright screen.
    assert.equal(
      await offColour(picture.background, { x: 40, y: 90, width: 720, height: 320 }, [255, 255, 255], 6),
      0,
    );
  });

  it('decorations beside and under a line stay: an arrow icon, a divider, a bullet', async () => {
    const { background: erased } = await erase(
      '<rect width="800" height="800" fill="#ffffff"/>' +
        // A divider 6 px under the line, running past it on both sides.
        '<rect x="60" y="372" width="680" height="4" fill="#2a6f97"/>' +
        // A bullet just left of the line, and an arrow icon just right of it.
        '<circle cx="112" cy="340" r="12" fill="#e63946"/>' +
        '<path d="M600 322 L636 340 L600 358 Z" fill="#e63946"/>',
      [{ text: '极速发货 破损就赔', left: 140, top: 314, size: 48, color: '#1d3557', bold: true }],
    );
    assert.equal(
      await offColour(erased, { x: 62, y: 373, width: 676, height: 2 }, [42, 111, 151], 12),
      0,
      'divider',
    );
    assert.equal(
      await offColour(erased, { x: 104, y: 332, width: 16, height: 16 }, [230, 57, 70], 12),
      0,
      'bullet',
    );
    assert.equal(
      await offColour(erased, { x: 604, y: 334, width: 14, height: 12 }, [230, 57, 70], 12),
      0,
      'arrow',
    );
    // And where the line was, the white card again.
    assert.equal(
      await offColour(erased, { x: 136, y: 310, width: 450, height: 56 }, [255, 255, 255], 3),
      0,
      'card',
    );
  });

  it('a line across two labels side by side: each label keeps its own colour', async () => {
    // 「月销突破1000+」 runs from a red label onto a dark one (a real poster's laptop ad). One fill
    // cannot hold it; inpainting dragged each colour into the other and left half of 0 on the dark.
    const { background: erased } = await erase(
      '<rect width="800" height="800" fill="#f4f4f4"/><rect x="120" y="300" width="300" height="90" fill="#b03030"/><rect x="420" y="300" width="260" height="90" fill="#2e3036"/>',
      [{ text: '月销突破1000+', left: 150, top: 318, size: 54, color: '#ffffff' }],
    );
    assert.equal(
      await offColour(erased, { x: 124, y: 304, width: 292, height: 82 }, [176, 48, 48], 12),
      0,
      'red',
    );
    assert.equal(
      await offColour(erased, { x: 424, y: 304, width: 252, height: 82 }, [46, 48, 54], 12),
      0,
      'dark',
    );
  });

  it('words that run off a pill onto the page: the pill stays whole, the page stays white', async () => {
    // Before, the ink reading took the white at the line's end for its background and the red pill
    // for ink: the whole pill was erased with the words.
    const { background: erased } = await erase(
      '<rect width="800" height="800" fill="#ffffff"/><rect x="150" y="300" width="380" height="80" rx="40" fill="#d0202a"/>',
      [{ text: '新品首发限量抢购', left: 180, top: 310, size: 56, color: '#ffe040', bold: true }],
    );
    assert.equal(
      await offColour(erased, { x: 190, y: 304, width: 300, height: 72 }, [208, 32, 42], 12),
      0,
      'the pill',
    );
    // The tops of the last letters above the line's box stay as a few anti-aliased specks (20 px today).
    const page = { x: 540, y: 290, width: 120, height: 100 };
    const specks = await offColour(erased, page, [255, 255, 255], 12);
    assert.ok(specks < page.width * page.height * 0.005, `${specks} pixels of the page off white`);
  });

  it('words taller than the ribbon they sit on: the ribbon stays blue, the page above and below it white', async () => {
    // One fill cannot hold such a line: the page's white was refilled over the ribbon where the
    // letters crossed it. It is refilled band by band (label-split.ts).
    const { background: erased } = await erase(
      '<rect width="800" height="800" fill="#ffffff"/><rect x="0" y="322" width="800" height="36" fill="#1f6fd0"/>',
      [{ text: '全场满减包邮', left: 200, top: 306, size: 64, color: '#ffd400', bold: true }],
    );
    const across = { x: 150, width: 500 };
    assert.equal(await offColour(erased, { ...across, y: 324, height: 32 }, [31, 111, 208], 12), 0, 'ribbon');
    assert.equal(await offColour(erased, { ...across, y: 290, height: 30 }, [255, 255, 255], 12), 0, 'above');
    assert.equal(await offColour(erased, { ...across, y: 360, height: 25 }, [255, 255, 255], 12), 0, 'below');
  });

  it('a refilled line that keeps some of its strokes is not called clean', async () => {
    // A banner over a photo whose words stick out past its top and its end: the refill sets the
    // banner's red where the words were on it, and leaves their tops and the last character's end
    // on the photo. Before, a refilled line was never checked for strokes left: nothing was said.
    const picture = await erase(
      '<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.05" numOctaves="3" seed="4"/><feColorMatrix type="matrix" values="0.6 0 0 0 0.2  0.4 0 0 0 0.3  0.3 0 0 0 0.2  0 0 0 0 1"/></filter></defs><rect width="800" height="800" filter="url(#n)"/><rect x="100" y="300" width="600" height="64" fill="#a81818"/>',
      [{ text: '收藏本店领取现金券', left: 140, top: 304, size: 64, color: '#ffffff', bold: true }],
    );
    const block = picture.blocks.find((b) => b.source === '收藏本店领取现金券');
    assert.ok(block, picture.blocks.map((b) => b.source).join(' / '));
    assert.ok(block.strokesLeft && block.strokesLeft.count > 0, JSON.stringify(block));
  });

  it('a heading over a pill keeps to one line, a little smaller, clear of the pill', async () => {
    // Wrapped to two lines at full size, the heading's second line sat on the pill's top edge
    // (alimama's train-18); the room now ends above the pill, not above the pill's text.
    const scene = sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="600"><rect width="520" height="600" fill="#a01820"/><rect x="40" y="236" width="440" height="50" rx="25" fill="#f8d860"/></svg>',
      ),
    );
    const picture = await translatePicture(
      ocr,
      await writeChinese(scene, [
        { text: '收藏加购优先发货', left: 75, top: 168, size: 45, color: '#ffffff', bold: true },
        { text: '不勾丝/可拆洗/性价比超高', left: 60, top: 245, size: 30, color: '#7a2010', bold: true },
      ]),
      { target: 'en', keep: [], product: null },
      (blocks) => translateOffline(blocks, englishLike),
    );
    const { data, info } = await sharp(picture.result)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    // From 12 px above the pill to its inside: none of the heading's white.
    for (let y = 224; y < 244; y++)
      for (let x = 60; x < 460; x++) {
        const i = (y * info.width + x) * 3;
        if ((data[i] as number) > 235 && (data[i + 1] as number) > 235 && (data[i + 2] as number) > 235)
          white += 1;
      }
    assert.equal(white, 0);
  });
});
