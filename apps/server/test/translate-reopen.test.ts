import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StudioImage, TranslatedBlock, TranslateResult } from '@chuhai/contract';
import sharp from 'sharp';
import { auth, get, post, registerUser, requestCode } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { usePostgres } from './postgres-app.ts';
import { postForm } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;
const DAY = 86_400_000;

/**
 * 继续编辑: a translation is kept as the editor last showed it, opened again only by its owner, the
 * latest 重新生成 is what opens, and it goes with its pictures (expiry, deletion, 注销).
 */
function reopenSuite(ctx: () => Ctx) {
  let alice: string;
  let bob: string;
  let phone = 13500007000;
  before(async () => {
    alice = await registerUser(ctx(), String(phone++), { ip: '10.71.0.1' });
    bob = await registerUser(ctx(), String(phone++), { ip: '10.71.0.2' });
  });

  // Text on the product is translated too: no matting, so each translation takes about a second.
  const translate = async (token: string): Promise<TranslateResult> => {
    const image = await writeChinese(
      sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } }),
      [
        { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
        { text: '限时特惠 ¥99', left: 480, top: 420, size: 40, color: '#c1121f' },
      ],
    );
    const answered = await postForm(
      ctx().app,
      '/api/v1/translate/image',
      token,
      { target: 'en', productText: 'translate' },
      [{ field: 'file', name: '1688 连衣裙.png', bytes: image }],
    );
    assert.equal(answered.statusCode, 200, answered.body);
    return answered.json().data;
  };
  const open = (token: string, id: number) => get(ctx().app, `/api/v1/translate/${id}`, auth(token));
  const render = (token: string, result: TranslateResult, blocks: TranslatedBlock[]) =>
    post(
      ctx().app,
      '/api/v1/translate/render',
      { backgroundId: result.backgroundId, target: result.target, blocks },
      auth(token),
    );
  const recent = async (token: string) =>
    (await get(ctx().app, '/api/v1/studio/images?kinds=translate', auth(token))).json().data
      .list as StudioImage[];
  const fetched = (url: string) => ctx().app.inject({ method: 'GET', url });

  it('opens the owner’s translation with everything the editor needs, and is a 404 for anyone else', async () => {
    const made = await translate(alice);
    assert.ok(made.translationId > 0);
    assert.equal(made.fileName, '1688 连衣裙.png');
    const opened = await open(alice, made.translationId);
    assert.equal(opened.statusCode, 200, opened.body);
    const document: TranslateResult = opened.json().data;
    const { backgroundUrl, resultUrl, sourceUrl, ...rest } = document;
    const { backgroundUrl: _b, resultUrl: _r, sourceUrl: _s, ...asMade } = made;
    assert.deepEqual(rest, asMade, 'the same blocks, kept text, checks, target and ids');
    assert.ok(document.blocks.length >= 2 && document.blocks.every((b) => b.drawn));
    for (const url of [backgroundUrl, resultUrl, sourceUrl ?? ''])
      assert.equal((await fetched(url)).statusCode, 200, `${url} opens`);

    const stolen = await open(bob, made.translationId);
    assert.equal(stolen.statusCode, 404);
    assert.doesNotMatch(stolen.body, /Waterproof|防水/, 'nothing of the document in the answer');
    assert.equal((await open(alice, made.translationId + 1000)).statusCode, 404);
    assert.equal((await get(ctx().app, `/api/v1/translate/${made.translationId}`)).statusCode, 401);
    assert.equal((await open(alice, 0)).statusCode, 400);

    const listed = await recent(alice);
    const card = listed.find((image) => image.id === made.resultId);
    assert.equal(card?.translationId, made.translationId);
    assert.equal(card?.earlier, undefined);
    // The card says what it is: the upload's name, the language, what the checks found.
    assert.equal(card?.about?.name, '1688 连衣裙.png');
    assert.equal(card?.about?.language, 'en');
    assert.equal(card?.about?.residual, made.residual.count);
    if (made.legibility)
      assert.deepEqual(card?.about?.legibility, {
        words: made.legibility.words,
        read: made.legibility.read,
        unclear: made.legibility.unclear.length,
      });
    assert.equal((await recent(bob)).length, 0);
  });

  it('opens what 重新生成 drew last; that drawing offers 继续编辑, the one before 打开', async () => {
    const made = await translate(alice);
    const edited = made.blocks.map((b, i) =>
      i === 0 ? { ...b, text: 'Rainproof', box: { ...b.box, x: b.box.x + 12 }, color: '#aa0000' } : b,
    );
    const drawn = await render(alice, made, edited);
    assert.equal(drawn.statusCode, 200, drawn.body);
    const redrawn = drawn.json().data;
    const document: TranslateResult = (await open(alice, made.translationId)).json().data;
    assert.equal(document.resultId, redrawn.resultId);
    assert.deepEqual(document.blocks, redrawn.blocks);
    assert.equal(document.blocks[0]?.text, 'Rainproof');
    assert.equal(document.blocks[0]?.box.x, (made.blocks[0]?.box.x ?? 0) + 12);
    assert.equal(document.blocks[0]?.color, '#aa0000');
    assert.equal(document.legibility, null, 'what was read back belonged to the picture before');
    assert.deepEqual(document.kept, made.kept);
    assert.equal(document.backgroundId, made.backgroundId);

    const listed = await recent(alice);
    const latest = listed.find((image) => image.id === redrawn.resultId);
    assert.equal(latest?.translationId, made.translationId);
    assert.equal(latest?.earlier, undefined);
    assert.equal(latest?.about?.name, '1688 连衣裙.png');
    assert.equal(latest?.about?.legibility, undefined, 'not read back after 重新生成');
    // The first drawing still opens its translation, as an earlier one, and keeps what was read back.
    const first = listed.find((image) => image.id === made.resultId);
    assert.equal(first?.translationId, made.translationId);
    assert.equal(first?.earlier, true);
    assert.equal(first?.about?.name, '1688 连衣裙.png');
    assert.equal(first?.about?.legibility?.words, made.legibility?.words);
    assert.equal(
      (await recent(bob)).find((image) => image.id === made.resultId),
      undefined,
    );

    // Another seller cannot draw over it (the erased picture is not theirs) nor change the document.
    assert.equal((await render(bob, made, made.blocks)).statusCode, 404);
    const still: TranslateResult = (await open(alice, made.translationId)).json().data;
    assert.equal(still.blocks[0]?.text, 'Rainproof');
  });

  it('is kept as long as its latest drawing, then goes with its pictures', async () => {
    const made = await translate(alice);
    ctx().clock.advance(6 * DAY);
    const drawn = await render(
      alice,
      made,
      made.blocks.map((b) => ({ ...b, text: `${b.text}!` })),
    );
    assert.equal(drawn.statusCode, 200, drawn.body);
    // Day 9: past the translation's own 7 days, within the drawing's.
    ctx().clock.advance(3 * DAY);
    const late = await open(alice, made.translationId);
    assert.equal(late.statusCode, 200, late.body);
    assert.equal((await fetched(late.json().data.backgroundUrl)).statusCode, 200);
    // Day 14: past the drawing's 7 days too.
    ctx().clock.advance(5 * DAY);
    const expired = await open(alice, made.translationId);
    assert.equal(expired.statusCode, 404);
    assert.match(expired.json().msg, /已过期或已删除/);
    await ctx().app.jobs.run('images.purge-expired');
    const rows = await ctx()
      .app.db.selectFrom('translations')
      .select('id')
      .where('id', '=', made.translationId)
      .execute();
    assert.equal(rows.length, 0, 'the document went with its pictures');
  });

  it('goes when the seller deletes its latest drawing from 最近作品', async () => {
    const made = await translate(alice);
    const deleted = await get(ctx().app, `/api/v1/studio/deleteImages?ids=${made.resultId}`, auth(alice));
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal((await open(alice, made.translationId)).statusCode, 404);
  });

  it('is in 导出我的数据 and goes at 注销账号', async () => {
    const phoneOf = String(phone++);
    const carol = await registerUser(ctx(), phoneOf, { ip: '10.71.0.3' });
    const made = await translate(carol);
    const exported = (await get(ctx().app, '/api/v1/account/export', auth(carol))).json().data;
    assert.equal(exported.translations.length, 1);
    assert.equal(exported.translations[0].fileName, '1688 连衣裙.png');
    assert.deepEqual(
      exported.translations[0].blocks.map((b: { text: string }) => b.text),
      made.blocks.map((b) => b.text),
    );

    assert.equal((await requestCode(ctx().app, ctx().clock, phoneOf, 4, '10.71.0.3')).statusCode, 200);
    const code = ctx().sms.lastCodeFor(phoneOf);
    const gone = await post(ctx().app, '/api/v1/account/delete', { code }, auth(carol));
    assert.equal(gone.statusCode, 200, gone.body);
    const rows = await ctx()
      .app.db.selectFrom('translations')
      .select('id')
      .where('id', '=', made.translationId)
      .execute();
    assert.equal(rows.length, 0);
  });
}

describe('图片翻译 · 继续编辑 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
  });
  after(() => ctx?.close());
  reopenSuite(() => ctx);
});

describe('图片翻译 · 继续编辑 (PostgreSQL)', () => {
  reopenSuite(usePostgres((database) => buildChatApp({ ...database, LLM_IDLE_TIMEOUT_MS: '20000' })));
});
