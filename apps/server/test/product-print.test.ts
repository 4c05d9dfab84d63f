import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine, type TextBlock } from '../src/imaging/ocr/index.ts';
import { isShopMark, productPrint } from '../src/imaging/text/product-print.ts';
import { productArea } from '../src/imaging/text/product-text.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { pictureRules } from '../src/modules/localise/report.ts';
import type { TranslatedPicture } from '../src/modules/localise/steps.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { englishLike } from './fakes/translate-measures.ts';
import { oneLineBlock } from './fakes/written-scenes.ts';

/**
 * What 图片翻译 keeps as the product's own print: one decision for all the lines of one card (a
 * hang tag half on the garment), and never another shop's watermark or address.
 */
const SIDE = 600;
type Rect = { x: number; y: number; width: number; height: number };
type Rgb = [number, number, number];

/** A white picture with a photographed (shaded) product, and the matte that calls exactly it solid. */
function productPhoto(product: Rect) {
  const data = Buffer.alloc(SIDE * SIDE * 3, 255);
  const mask = Buffer.alloc(SIDE * SIDE);
  const fill = (rect: Rect, colour: (x: number, y: number) => Rgb, solid = false) => {
    for (let y = rect.y; y < rect.y + rect.height; y += 1)
      for (let x = rect.x; x < rect.x + rect.width; x += 1) {
        data.set(colour(x, y), (y * SIDE + x) * 3);
        if (solid) mask[y * SIDE + x] = 255;
      }
  };
  fill(product, (x, y) => [90 + ((x + y) % 120) / 2, 110, 150], true);
  return { image: { data, width: SIDE, height: SIDE }, matte: { mask, width: SIDE, height: SIDE }, fill };
}

/** The matting model's answer for a photo of `product`: the rectangle, at the size it is sent. */
function rectangleMatte(product: Rect) {
  return async (sent: Buffer) => {
    const { width = SIDE, height = SIDE } = await sharp(sent).metadata();
    const mask = Buffer.alloc(width * height);
    const scale = width / SIDE;
    for (let y = Math.round(product.y * scale); y < (product.y + product.height) * scale; y += 1)
      mask.fill(
        255,
        y * width + Math.round(product.x * scale),
        y * width + Math.round((product.x + product.width) * scale),
      );
    return { mask, width, height };
  };
}

describe('a shop’s mark', () => {
  it('a shop name, a marketplace or a web address is a shop’s mark; a product’s print is not', () => {
    for (const mark of [
      '小晶晶母婴shop',
      'xiaojingjing.taobao.com',
      '天猫旗舰店',
      'www.abc.cn',
      '淘宝店铺：小晶晶',
    ])
      assert.equal(isShopMark(mark), true, mark);
    for (const print of ['纯棉婴儿背心', '100%桑蚕丝', '合格证', '168元', '1688元', '执行标准 GB 31701'])
      assert.equal(isShopMark(print), false, print);
  });
});

describe('one decision per card', () => {
  const PRODUCT = { x: 100, y: 80, width: 300, height: 320 };
  // A pale hang tag with a dark edge, its top on the garment and its bottom hanging below it.
  const TAG = { x: 240, y: 330, width: 140, height: 150 };
  const upper = oneLineBlock('合格证', { x: 260, y: 345, width: 90, height: 22 });
  const lower = oneLineBlock('检验员：01', { x: 260, y: 430, width: 100, height: 22 });

  function tagged() {
    const photo = productPhoto(PRODUCT);
    photo.fill({ x: TAG.x - 3, y: TAG.y - 3, width: TAG.width + 6, height: TAG.height + 6 }, () => [
      60, 60, 60,
    ]);
    photo.fill(TAG, () => [250, 242, 205]);
    return photo;
  }

  it('the lines of one hang tag are kept or translated together, though one lies on the product', async () => {
    const { image, matte } = tagged();
    const area = await productArea(matte, image, [...upper.lines, ...lower.lines]);
    assert.ok(area, 'the shaded garment is the product');
    const kept = productPrint(image, [upper, lower], area);
    assert.equal(kept.has(upper), kept.has(lower), 'one card, one decision');
  });

  it('a line on the product alone, on no card, is still the product’s print', async () => {
    const { image, matte } = productPhoto(PRODUCT);
    const brand = oneLineBlock('婴儿背心', { x: 150, y: 150, width: 90, height: 24 });
    const area = await productArea(matte, image, brand.lines);
    assert.deepEqual([...productPrint(image, [brand], area)], [brand]);
  });

  it('a shop’s name lying wholly on the product is not the product’s print', async () => {
    const { image, matte } = productPhoto(PRODUCT);
    const mark = oneLineBlock('小晶晶母婴shop', { x: 150, y: 150, width: 200, height: 24 });
    const area = await productArea(matte, image, mark.lines);
    assert.equal(productPrint(image, [mark], area).size, 0);
  });
});

describe('one decision per print', () => {
  // Two shaded bottles side by side, the second cut short at its shoulder and standing at the
  // picture's right edge (alimama test-2's row of baijiu bottles), each with the same red ribbon
  // printed 「五千年文化经典」 hanging down it as a column.
  const LEFT = { x: 60, y: 100, width: 180, height: 460 };
  const RIGHT = { x: 400, y: 160, width: 190, height: 400 };
  const column = (x: number, width: number, text = '五千年文化经典') =>
    oneLineBlock(text, { x, y: 200, width, height: 220 });
  const middle = column(120, 50);
  // Slanted on the bottle, its upright box reaches 10 px past the bottle's outline.
  const atEdge = column(540, 60);

  async function bottles(blocks: TextBlock[]) {
    const photo = productPhoto(LEFT);
    photo.fill(RIGHT, (x, y) => [70 + ((x * 3 + y) % 90) / 2, 40, 30], true);
    const area = await productArea(
      photo.matte,
      photo.image,
      blocks.flatMap((b) => b.lines),
    );
    assert.ok(area, 'the shaded bottles are the product');
    return productPrint(photo.image, blocks, area);
  }

  it('the same print on the next bottle is kept too, though its box reaches past the bottle', async () => {
    const kept = await bottles([middle, atEdge]);
    assert.ok(kept.has(middle), 'the ribbon well inside its bottle is the product’s print');
    assert.ok(kept.has(atEdge), 'the same ribbon at the picture’s edge is kept with it');
  });

  it('a ribbon hanging from a bottle’s shoulder is its print: a column is grown by its width, not its length', async () => {
    const photo = productPhoto({ ...LEFT, y: 170, height: 390 });
    const area = await productArea(photo.matte, photo.image, middle.lines);
    assert.deepEqual([...productPrint(photo.image, [middle], area)], [middle]);
  });

  it('the same words off the bottles, or other words at the edge, are still translated', async () => {
    const between = column(300, 50);
    const other = column(540, 60, '茅台镇传统佳酿');
    const kept = await bottles([middle, between, other]);
    assert.ok(kept.has(middle));
    assert.ok(!kept.has(between), 'the same words beside the bottles are the advert’s');
    assert.ok(!kept.has(other), 'other words across the outline are judged by the box alone');
  });
});

describe('图片翻译 · another shop’s watermark across the product', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());
  const PRODUCT = { x: 80, y: 60, width: 440, height: 380 };

  it('is erased and drawn as nothing (a hidden block the seller can show), never asked of the AI nor kept', async () => {
    const { image } = productPhoto(PRODUCT);
    const base = sharp(image.data, { raw: { width: SIDE, height: SIDE, channels: 3 } });
    const input = await writeChinese(base, [
      { text: '小晶晶母婴旗舰店', left: 130, top: 220, size: 40, color: '#f4f4f4' },
      { text: '纯棉婴儿背心', left: 150, top: 500, size: 40, color: '#222222' },
    ]);
    const asked: string[] = [];
    const picture = await translatePicture(
      ocr,
      input,
      {
        target: 'en',
        keep: [],
        product: rectangleMatte(PRODUCT),
      },
      (blocks) => {
        asked.push(...blocks.map((b) => b.text));
        return translateOffline(blocks, englishLike);
      },
    );
    assert.ok(!asked.some((text) => text.includes('旗舰店')), `asked the AI: ${asked.join(' / ')}`);
    assert.ok(
      asked.some((text) => text.includes('背心')),
      'the seller’s own caption is translated',
    );
    assert.ok(
      !picture.kept.some((k) => k.text.includes('旗舰店')),
      'the watermark is not kept as the product’s print',
    );
    const mark = picture.blocks.find((b) => b.source.includes('旗舰店'));
    assert.ok(mark, 'the watermark is a block in the editor');
    assert.equal(mark.hidden, true, 'drawn as nothing until the seller asks');
    assert.equal(picture.residual.count, 0, 'no Chinese left: the watermark is erased');
  });
});

describe('一键出海 report · what 「没有残留中文」 leaves out', () => {
  const box = { x: 10, y: 10, width: 80, height: 20 };
  const picture = (made: { kept: unknown[]; blocks: unknown[] }) =>
    ({
      translated: true,
      residual: 0,
      overflow: 0,
      missedTerms: [],
      restoredNumbers: [],
      made,
    }) as unknown as TranslatedPicture;

  it('lists the product’s print kept and another shop’s watermark erased, as warnings beside the pass', () => {
    const rules = pictureRules([
      picture({
        kept: [
          { text: '合格证\n检验员：01', box, reason: 'product' },
          { text: '500ml', box, reason: 'no-chinese' },
        ],
        blocks: [
          { source: '小晶晶母婴旗舰店', text: '小晶晶母婴旗舰店', hidden: true },
          { source: '纯棉婴儿背心', text: 'Cotton baby vest', hidden: false },
        ],
      }),
    ]);
    const residual = rules.find((r) => r.ruleId === 'picture.residual');
    assert.equal(residual?.pass, true);
    assert.equal(residual?.message, '没有残留中文（商品上印的字按原样保留，另列）');
    const kept = rules.find((r) => r.ruleId === 'picture.kept');
    assert.equal(kept?.level, 'recommended');
    assert.equal(kept?.pass, false);
    assert.equal(kept?.message, '商品上印的中文按原样保留 1 处：「合格证 检验员：01」');
    const mark = rules.find((r) => r.ruleId === 'picture.shop-mark');
    assert.equal(mark?.pass, false);
    assert.match(mark?.message ?? '', /别家店铺的水印或网址已擦除、没有画译文 1 处：「小晶晶母婴旗舰店」/);
  });

  it('says nothing more when nothing was kept or erased', () => {
    const rules = pictureRules([
      picture({ kept: [], blocks: [{ source: '纯棉婴儿背心', text: 'Cotton baby vest', hidden: false }] }),
    ]);
    assert.deepEqual(
      rules.map((r) => [r.ruleId, r.message]),
      [['picture.residual', '没有残留中文']],
    );
  });
});

describe('图片翻译 · print on the product first read without Chinese', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());
  const PRODUCT = { x: 80, y: 60, width: 440, height: 380 };
  const onProduct = (line: { box: Rect }) =>
    line.box.x >= PRODUCT.x && line.box.y + line.box.height <= PRODUCT.y + PRODUCT.height;

  it('is left out of the Chinese-left count by where it is, when a later reading finds Chinese there', async () => {
    // alimama test-2's fourth ribbon: read 「1」 first (kept, for having no Chinese), then
    // 「浙台摄传缩生露」 on the result, which was counted as Chinese left over.
    const { image } = productPhoto(PRODUCT);
    const base = sharp(image.data, { raw: { width: SIDE, height: SIDE, channels: 3 } });
    const input = await writeChinese(base, [
      { text: '红参精华', left: 200, top: 200, size: 40, color: '#f4f4f4' },
      { text: '纯棉婴儿背心', left: 150, top: 500, size: 40, color: '#222222' },
    ]);
    let readings = 0;
    // The first reading misreads the print as a digit; every later one reads it as it is.
    const misreadOnce = {
      readLines: async (png: Buffer) => {
        const lines = await ocr.readLines(png);
        readings += 1;
        return readings > 1 ? lines : lines.map((line) => (onProduct(line) ? { ...line, text: '1' } : line));
      },
      close: async () => {},
    };
    const picture = await translatePicture(
      misreadOnce,
      input,
      { target: 'en', keep: [], product: rectangleMatte(PRODUCT) },
      (blocks) => translateOffline(blocks, englishLike),
    );
    assert.ok(readings >= 2, 'the result was read again');
    assert.deepEqual(
      picture.kept.map((k) => [k.text, k.reason]),
      [['1', 'no-chinese']],
    );
    assert.equal(picture.residual.count, 0, 'the print kept on the product is not Chinese left over');
  });
});
