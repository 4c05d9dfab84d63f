import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RepairStroke, TranslateRenderResult, TranslateResult } from '@chuhai/contract';
import { initializeCanvas, type Layer, readPsd } from 'ag-psd';
import sharp from 'sharp';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { translateDrawn } from './translate-helpers.ts';

type Pixels = NonNullable<Layer['imageData']>;
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as Pixels,
);

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

const rgbOf = async (png: Buffer | Uint8Array): Promise<Rgb> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const pixel = (image: Rgb, x: number, y: number) => {
  const i = (y * image.width + x) * 3;
  return [image.data[i], image.data[i + 1], image.data[i + 2]] as [number, number, number];
};
const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** How far a pixel's centre is from a stroke's path (its points name pixels, centred at +0.5). */
function distanceToStroke(stroke: RepairStroke, x: number, y: number): number {
  const px = x + 0.5;
  const py = y + 0.5;
  const centres = stroke.points.map(([sx, sy]) => [sx + 0.5, sy + 0.5] as const);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < centres.length; i += 1) {
    const a = centres[Math.max(0, i - 1)] as readonly [number, number];
    const b = centres[i] as readonly [number, number];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const t =
      dx || dy ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / (dx * dx + dy * dy))) : 0;
    best = Math.min(best, Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy)));
  }
  return best;
}

/**
 * Every pixel the strokes do not reach is as it was; every pixel well inside one is what `inside`
 * says (the last stroke over it wins). Answers how many pixels changed.
 */
function assertOnlyUnder(
  before: Rgb,
  after: Rgb,
  strokes: RepairStroke[],
  inside: (stroke: RepairStroke, x: number, y: number) => [number, number, number] | null,
): number {
  assert.equal(after.width, before.width);
  let changed = 0;
  for (let y = 0; y < before.height; y += 1)
    for (let x = 0; x < before.width; x += 1) {
      const was = pixel(before, x, y);
      const now = pixel(after, x, y);
      const same = was.every((v, c) => v === now[c]);
      if (!same) changed += 1;
      const distances = strokes.map((s) => distanceToStroke(s, x, y) - s.width / 2);
      if (distances.every((d) => d > 1)) assert.ok(same, `pixel ${x},${y} changed outside the strokes`);
      // Well inside a stroke, and not on the edge of a later one (which may or may not reach it).
      const last = strokes.findLastIndex((_, i) => (distances[i] as number) < -1);
      const touched = strokes.findLastIndex((_, i) => (distances[i] as number) <= 1);
      const expected = last >= 0 && last === touched ? inside(strokes[last] as RepairStroke, x, y) : null;
      if (expected) assert.deepEqual(now, expected, `pixel ${x},${y} under stroke ${last + 1}`);
    }
  return changed;
}

describe('图片翻译 · 修补画笔', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
  });
  after(() => ctx?.close());

  // A seller a test: 5 free translations a day each.
  let sellers = 0;
  const seller = () =>
    registerUser(ctx, `139000052${String(sellers++).padStart(2, '0')}`, { ip: `10.91.1.${sellers}` });
  let token: string;
  const translate = async () => {
    token = await seller();
    return translateAs(token);
  };
  const translateAs = (token: string) =>
    translateDrawn(ctx.app, token, { width: 800, height: 600 }, [
      { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
      { text: '限时特惠', left: 480, top: 420, size: 40, color: '#c1121f' },
    ]);
  const picture = async (url: string) => {
    const answered = await get(ctx.app, url);
    assert.equal(answered.statusCode, 200, `${url}: ${answered.body.slice(0, 100)}`);
    return rgbOf(answered.rawPayload);
  };
  const render = (made: TranslateResult, extra: object = {}, as = token) =>
    post(
      ctx.app,
      '/api/v1/translate/render',
      { backgroundId: made.backgroundId, target: made.target, blocks: made.blocks, ...extra },
      auth(as),
    );
  const rendered = async (made: TranslateResult, extra: object = {}) => {
    const answered = await render(made, extra);
    assert.equal(answered.statusCode, 200, answered.body);
    return answered.json().data as TranslateRenderResult;
  };
  const reopen = async (made: TranslateResult) =>
    (await get(ctx.app, `/api/v1/translate/${made.translationId}`, auth(token))).json()
      .data as TranslateResult;
  const storedImages = async (userId?: number) => {
    const rows = await ctx.app.db
      .selectFrom('stored_images')
      .select(['id'])
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId as number))
      .execute();
    return rows.length;
  };

  it('取色 paints the picked colour under the strokes only (clipped at the edge), under the text, and it stays', async () => {
    const made = await translate();
    const erased = await picture(made.backgroundUrl);
    // A colour of the picture itself, as the editor's eyedropper picks it, and one of the text's.
    const beige = hex(pixel(erased, 700, 300));
    const strokes: RepairStroke[] = [
      {
        mode: 'colour',
        colour: '#2a9d8f',
        width: 30,
        points: [
          [620, 200],
          [700, 215],
          [740, 230],
        ],
      },
      // Half off the picture's left edge: the part outside is left out.
      {
        mode: 'colour',
        colour: beige === '#2a9d8f' ? '#000000' : '#e76f51',
        width: 24,
        points: [
          [-40, 560],
          [30, 560],
        ],
      },
    ];
    const plain = await rendered(made);
    const repaired = await rendered(made, { blocks: plain.blocks, repair: strokes });
    assert.notEqual(repaired.backgroundUrl, made.backgroundUrl, 'a new erased picture, with the repair');
    const background = await picture(repaired.backgroundUrl);
    const colourOf = (stroke: RepairStroke) => {
      const c = stroke.colour as string;
      return [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
    };
    const changed = assertOnlyUnder(erased, background, strokes, colourOf);
    assert.ok(changed > 3000, `${changed} pixels painted`);
    assert.deepEqual(
      pixel(background, 0, 560),
      colourOf(strokes[1] as RepairStroke),
      'painted up to the edge',
    );
    // The drawing: the same text on top, the repair under it, nothing else changed.
    assertOnlyUnder(await picture(plain.resultUrl), await picture(repaired.resultUrl), strokes, colourOf);

    // The next 重新生成 starts from the repaired picture without the strokes; so do 继续编辑 and a reload.
    const again = await rendered(made, { blocks: repaired.blocks });
    assert.equal(again.backgroundUrl, repaired.backgroundUrl);
    assertOnlyUnder(await picture(plain.resultUrl), await picture(again.resultUrl), strokes, colourOf);
    const opened = await reopen(made);
    assert.equal(opened.backgroundId, made.backgroundId, 'the translation keeps its name');
    assert.equal(opened.resultId, again.resultId);
    assertOnlyUnder(erased, await picture(opened.backgroundUrl), strokes, colourOf);
  });

  it('paints under the text layers: the letters are drawn over the paint', async () => {
    const made = await translate();
    const block = made.blocks[0];
    assert.ok(block?.drawn, 'the heading was drawn');
    const { x, y, width, height } = block.drawn;
    const middle = Math.round(y + height / 2);
    const stroke: RepairStroke = {
      mode: 'colour',
      colour: '#ffd166',
      width: Math.round(height / 2),
      points: [
        [x, middle],
        [x + width, middle],
      ],
    };
    const repaired = await rendered(made, { repair: [stroke] });
    const background = await picture(repaired.backgroundUrl);
    const result = await picture(repaired.resultUrl);
    let paint = 0;
    let letters = 0;
    for (let px = x + 4; px < x + width - 4; px += 1) {
      assert.equal(hex(pixel(background, px, middle)), '#ffd166', 'the background is painted across');
      if (hex(pixel(result, px, middle)) === '#ffd166') paint += 1;
      else letters += 1;
    }
    assert.ok(paint > 0 && letters > 0, `the text over the paint (${letters} letter pixels, ${paint} paint)`);
  });

  it('恢复原图 copies the original’s pixels back, which brings its Chinese back as leftover', async () => {
    const made = await translate();
    assert.ok(made.sourceUrl);
    const erased = await picture(made.backgroundUrl);
    const original = await picture(made.sourceUrl);
    const heading = made.blocks[0]?.box as { x: number; y: number; width: number; height: number };
    const row = heading.y + Math.round(heading.height / 2);
    const strokes: RepairStroke[] = [
      {
        mode: 'colour',
        colour: '#000000',
        width: 20,
        points: [
          [700, 100],
          [700, 160],
        ],
      },
      // Over the whole heading, and over the start of the black stroke: the original wins there.
      {
        mode: 'restore',
        width: heading.height + 20,
        points: [
          [heading.x, row],
          [Math.max(heading.x + heading.width, 700), row],
        ],
      },
    ];
    const repaired = await rendered(made, { repair: strokes });
    const background = await picture(repaired.backgroundUrl);
    const changed = assertOnlyUnder(erased, background, strokes, (stroke, x, y) =>
      stroke.mode === 'restore' ? pixel(original, x, y) : [0, 0, 0],
    );
    assert.ok(changed > 1000, `${changed} pixels restored`);
    assert.ok(repaired.residual.count > 0, 'the Chinese painted back is read as leftover');
    assert.equal((await reopen(made)).residual.count, repaired.residual.count);
  });

  it('a second repair adds to the first; the picture before it is removed', async () => {
    const made = await translate();
    const erased = await picture(made.backgroundUrl);
    const first: RepairStroke = { mode: 'colour', colour: '#264653', width: 16, points: [[650, 260]] };
    const second: RepairStroke = { mode: 'colour', colour: '#e9c46a', width: 16, points: [[700, 260]] };
    const one = await rendered(made, { repair: [first] });
    const two = await rendered(made, { blocks: one.blocks, repair: [second] });
    assert.deepEqual(pixel(await picture(two.backgroundUrl), 650, 260), [0x26, 0x46, 0x53]);
    assertOnlyUnder(erased, await picture(two.backgroundUrl), [first, second], (s) =>
      s === first ? [0x26, 0x46, 0x53] : [0xe9, 0xc4, 0x6a],
    );
    assert.equal(
      (await get(ctx.app, one.backgroundUrl)).statusCode,
      404,
      'the first repaired picture is gone',
    );
    assert.equal((await get(ctx.app, made.backgroundUrl)).statusCode, 200, 'the erased picture stays');
  });

  it('下载 PSD: the background layer carries the kept repair and strokes not drawn yet', async () => {
    const made = await translate();
    const kept: RepairStroke = {
      mode: 'colour',
      colour: '#3a86ff',
      width: 30,
      points: [
        [650, 250],
        [740, 250],
      ],
    };
    const pending: RepairStroke = { mode: 'colour', colour: '#ff006e', width: 20, points: [[650, 320]] };
    const repaired = await rendered(made, { repair: [kept] });
    const exported = async (extra: object) => {
      const body = { backgroundId: made.backgroundId, target: 'en', blocks: repaired.blocks, ...extra };
      const answered = await post(ctx.app, '/api/v1/translate/psd', body, auth(token));
      assert.equal(answered.statusCode, 200, answered.body);
      const psd = readPsd(answered.rawPayload, { useImageData: true });
      const layer = (psd.children ?? []).find((l) => l.name === '背景（已擦除）') as Layer;
      const image = layer.imageData as Pixels;
      return (x: number, y: number) =>
        hex([...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)]);
    };
    const plain = await exported({});
    assert.equal(plain(700, 250), '#3a86ff');
    assert.notEqual(plain(650, 320), '#ff006e');
    const before = await storedImages();
    const withPending = await exported({ repair: [pending] });
    assert.equal(withPending(700, 250), '#3a86ff');
    assert.equal(withPending(650, 320), '#ff006e');
    assert.equal(await storedImages(), before, 'the PSD keeps nothing');
    assert.equal((await reopen(made)).backgroundUrl, repaired.backgroundUrl);
  });

  it('refuses bad strokes in Chinese (400) and writes nothing', async () => {
    const made = await translate();
    const fine: RepairStroke = { mode: 'colour', colour: '#112233', width: 10, points: [[10, 10]] };
    const many = (n: number, stroke: RepairStroke) => Array.from({ length: n }, () => stroke);
    const line = (points: number): RepairStroke['points'] =>
      Array.from({ length: points }, (_, i) => [i % 800, Math.floor(i / 800)] as [number, number]);
    const cases: [string, unknown, RegExp][] = [
      ['width 0', [{ ...fine, width: 0 }], /第 1 笔修补的画笔大小不能小于 1/],
      ['width too large', [fine, { ...fine, width: 401 }], /第 2 笔修补的画笔大小不能大于 400/],
      ['a colour by name', [{ ...fine, colour: 'red' }], /第 1 笔修补的颜色格式不正确/],
      ['取色 without a colour', [{ mode: 'colour', width: 10, points: [[1, 1]] }], /「取色」.*没有颜色/],
      ['another way to paint', [{ ...fine, mode: 'blur' }], /第 1 笔修补的画法/],
      ['no points', [{ ...fine, points: [] }], /第 1 笔修补的点至少需要 1 项/],
      ['a point of three numbers', [{ ...fine, points: [[1, 2, 3]] }], /第 1 笔修补的坐标/],
      ['a point past any picture', [{ ...fine, points: [[1, 1e6]] }], /第 1 笔修补的坐标不能大于 100000/],
      ['not a list of strokes', 'paint', /第 1 笔修补的类型应为对象/],
      ['too many strokes', many(101, fine), /修补笔画最多 100 项/],
      ['a stroke too long', [{ ...fine, points: line(1001) }], /第 1 笔修补的点最多 1000 项/],
      ['too many points in all', many(7, { ...fine, points: line(900) }), /一次最多 6000 个/],
      [
        'too much paint',
        [
          {
            ...fine,
            width: 400,
            points: [
              [-100_000, 300],
              [100_000, 300],
            ],
          },
        ],
        /面积太大/,
      ],
    ];
    const images = await storedImages();
    for (const [what, repair, message] of cases) {
      const answered = await render(made, { repair });
      assert.equal(answered.statusCode, 400, `${what}: ${answered.body}`);
      assert.match(answered.json().msg, message, what);
      const psd = await post(
        ctx.app,
        '/api/v1/translate/psd',
        { backgroundId: made.backgroundId, target: 'en', blocks: made.blocks, repair },
        auth(token),
      );
      assert.equal(psd.statusCode, 400, `PSD, ${what}`);
    }
    assert.equal(await storedImages(), images, 'nothing stored');
    const opened = await reopen(made);
    assert.equal(opened.resultId, made.resultId, 'the document is as it was');
    assert.equal(opened.backgroundUrl.split('?')[0], made.backgroundUrl.split('?')[0]);

    // 恢复原图 needs the original: a translation kept without one says so.
    const row = await ctx.app.db
      .selectFrom('translations')
      .select(['id', 'document'])
      .where('id', '=', made.translationId)
      .executeTakeFirstOrThrow();
    const { sourceId: _gone, ...document } = JSON.parse(row.document);
    await ctx.app.db
      .updateTable('translations')
      .set({ document: JSON.stringify(document) })
      .where('id', '=', made.translationId)
      .execute();
    const restore = await render(made, { repair: [{ mode: 'restore', width: 10, points: [[5, 5]] }] });
    assert.equal(restore.statusCode, 400);
    assert.match(restore.json().msg, /没有保存原图.*「取色」/);
    assert.equal(await storedImages(), images);
  });

  it('another seller’s translation is the same 404 as before, with or without strokes', async () => {
    const made = await translate();
    const bob = await seller();
    const bobsImages = await storedImages();
    const strokes = [
      {
        mode: 'colour',
        colour: '#000000',
        width: 40,
        points: [
          [100, 100],
          [300, 300],
        ],
      },
    ];
    for (const extra of [
      {},
      { repair: strokes },
      { repair: [{ mode: 'restore', width: 40, points: [[1, 1]] }] },
    ]) {
      const answered = await render(made, extra, bob);
      assert.equal(answered.statusCode, 404, answered.body);
      assert.match(answered.json().msg, /已过期或已删除/);
      const psd = await post(
        ctx.app,
        '/api/v1/translate/psd',
        { backgroundId: made.backgroundId, target: 'en', blocks: made.blocks, ...extra },
        auth(bob),
      );
      assert.equal(psd.statusCode, 404);
    }
    assert.equal(await storedImages(), bobsImages, 'nothing stored');
    const opened = await reopen(made);
    assert.equal(opened.resultId, made.resultId);
  });
});
