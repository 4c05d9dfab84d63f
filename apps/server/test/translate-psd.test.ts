import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { initializeCanvas, type Layer, readPsd } from 'ag-psd';
import sharp from 'sharp';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { translateDrawn } from './translate-helpers.ts';

/** ag-psd's pixels, typed as the browser's ImageData. */
type Pixels = NonNullable<Layer['imageData']>;

// ag-psd reads pixels into ImageData, which Node has not: plain arrays do (no canvas is needed).
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as Pixels,
);

const rgbOf = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

/** The layer's pixels as sharp's raw input, at the layer's place. */
function overlayOf(layer: Layer) {
  const image = layer.imageData as Pixels;
  return {
    input: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    raw: { width: image.width, height: image.height, channels: 4 as const },
    left: layer.left ?? 0,
    top: layer.top ?? 0,
  };
}

/** Mean difference per channel of two same-sized images (0–255). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  assert.ok(x && y && x.length === y.length, 'the same size');
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs((x[i] as number) - (y[i] as number));
  return sum / x.length;
}

describe('图片翻译 · 下载 PSD', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  let result: TranslateResult;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    result = await translateDrawn(ctx.app, ctx.token, { width: 800, height: 600 }, [
      { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
      { text: '限时特惠', left: 60, top: 420, size: 40, color: '#c1121f', bold: false },
    ]);
  });
  after(() => ctx?.close());

  const exportPsd = (body: object, token = ctx.token) =>
    post(ctx.app, '/api/v1/translate/psd', body, auth(token));

  it('lays the picture out as layers: the original hidden, the erased background, a text layer per block', async () => {
    assert.equal(result.blocks.length, 2);
    assert.ok(result.sourceId, 'the original is kept for the PSD');
    assert.ok(!result.blocks.some((b) => b.overflow), 'every block fits (its size is its own)');
    const body = {
      backgroundId: result.backgroundId,
      sourceId: result.sourceId,
      target: 'en',
      blocks: result.blocks,
    };
    const answered = await exportPsd(body);
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.headers['content-type'], 'image/vnd.adobe.photoshop');
    assert.equal(
      answered.headers['content-disposition'],
      `attachment; filename="translated-en-${result.backgroundId}.psd"`,
    );

    const psd = readPsd(answered.rawPayload, { useImageData: true });
    assert.equal(psd.width, result.width);
    assert.equal(psd.height, result.height);
    const layers = psd.children ?? [];
    assert.deepEqual(
      layers.map((l) => l.name),
      [
        '原图',
        '背景（已擦除）',
        ...result.blocks.map((b) => b.text.replace(/\s+/g, ' ').trim().slice(0, 40)),
      ],
    );
    assert.equal(layers[0]?.hidden, true, 'the original is there to compare, not to show');
    assert.ok(!layers[1]?.hidden);

    for (const [i, block] of result.blocks.entries()) {
      const layer = layers[i + 2] as Layer;
      const text = layer.text;
      assert.ok(text, `layer ${layer.name} is a text layer`);
      assert.equal(text.text, block.text);
      assert.equal(text.style?.fontSize, block.fontSize);
      assert.equal(text.style?.font?.name, `NotoSans-${block.bold ? 'Bold' : 'Regular'}`);
      const fill = text.style?.fillColor as { r: number; g: number; b: number };
      assert.deepEqual(
        { r: Math.round(fill.r), g: Math.round(fill.g), b: Math.round(fill.b) },
        rgbOf(block.color),
      );
      assert.equal(text.paragraphStyle?.justification, block.align);
      const [x, y] = (text.transform ?? []).slice(4);
      assert.equal(x, block.box.x, 'a left-aligned block starts where its box does');
      assert.ok(
        (y as number) >= block.box.y && (y as number) < block.box.y + block.box.height,
        `text at ${y} in its box ${JSON.stringify(block.box)}`,
      );
      assert.equal(layer.top, y, 'the drawn pixels sit where the text data says');
    }

    // The layers, stacked as Photoshop shows them, are the translation the editor showed.
    const background = overlayOf(layers[1] as Layer);
    const stacked = await sharp(background.input, { raw: background.raw })
      .composite(layers.slice(2).map(overlayOf))
      .png()
      .toBuffer();
    const shown = (await get(ctx.app, result.resultUrl)).rawPayload;
    assert.ok((await meanDifference(stacked, shown)) < 0.5, 'the layers add up to the result');
    const original = overlayOf(layers[0] as Layer);
    const originalPng = await sharp(original.input, { raw: original.raw }).png().toBuffer();
    assert.ok((await meanDifference(originalPng, shown)) > 1, 'the hidden layer still has the Chinese');
  });

  it('draws the blocks as the editor holds them: edited text, a hidden block left out', async () => {
    const [first, second] = result.blocks as [TranslatedBlock, TranslatedBlock];
    const blocks = [
      { ...first, text: '  Rainproof\nfabric  ', color: '#00aa33', outline: { color: '#112233', width: 4 } },
      { ...second, hidden: true },
    ];
    const answered = await exportPsd({ backgroundId: result.backgroundId, target: 'en', blocks });
    assert.equal(answered.statusCode, 200, answered.body);
    const psd = readPsd(answered.rawPayload, { skipLayerImageData: true, skipCompositeImageData: true });
    const layers = psd.children ?? [];
    assert.deepEqual(
      layers.map((l) => l.name),
      ['背景（已擦除）', 'Rainproof fabric'],
      'no sourceId: no original layer',
    );
    assert.equal(layers[1]?.text?.text, '  Rainproof\nfabric  ');
    const fill = layers[1]?.text?.style?.fillColor as { r: number; g: number; b: number };
    assert.deepEqual([fill.r, fill.g, fill.b].map(Math.round), [0x00, 0xaa, 0x33]);
    // The outline as Photoshop's stroke effect, editable there.
    const [stroke] = layers[1]?.effects?.stroke ?? [];
    assert.equal(stroke?.size?.value, 4);
    assert.equal(stroke?.position, 'outside');
    const edge = stroke?.color as { r: number; g: number; b: number };
    assert.deepEqual([edge.r, edge.g, edge.b].map(Math.round), [0x11, 0x22, 0x33]);
  });

  it('refuses another seller’s translation and blocks off the picture; leaves out an original that is not one', async () => {
    const body = { backgroundId: result.backgroundId, target: 'en', blocks: result.blocks };
    const other = await registerUser(ctx, '13900007777', { ip: '10.64.0.2' });
    const stolen = await exportPsd(body, other);
    assert.equal(stolen.statusCode, 404);
    assert.match(stolen.json().msg, /已过期或已删除/);
    const [first] = result.blocks as [TranslatedBlock];
    const outside = await exportPsd({ ...body, blocks: [{ ...first, box: { ...first.box, x: 5000 } }] });
    assert.equal(outside.statusCode, 400);
    assert.match(outside.json().msg, /超出了图片范围/);
    const wrongSource = await exportPsd({ ...body, sourceId: result.backgroundId });
    assert.equal(wrongSource.statusCode, 200);
    const psd = readPsd(wrongSource.rawPayload, { skipLayerImageData: true, skipCompositeImageData: true });
    assert.equal(psd.children?.[0]?.name, '背景（已擦除）');
  });
});
