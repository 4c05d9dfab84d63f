import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { FEATURE_MODULES } from '../src/app.ts';
import type { PersonalTable } from '../src/app-module.ts';
import { insertItem, insertJob } from '../src/modules/batch/repository.ts';
import { insertConversation, insertMessage, renameConversation } from '../src/modules/chat/repository.ts';
import { insertListing } from '../src/modules/listing/repository.ts';
import type { ImageGenerator } from '../src/providers/image/image-generator.ts';
import { auth, buildAccountApp, get, PASSWORD, post, registerUser, requestCode } from './account-helpers.ts';
import { orderPlan } from './order-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const drawer: ImageGenerator = {
  name: 'sdwebui',
  generate: () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
};

describe('导出我的数据 and 注销账号', () => {
  let ctx: Ctx;
  const phone = '13400001001';
  let inviter: string;
  let token: string;
  let drawingUrl: string;
  before(async () => {
    ctx = await buildAccountApp({}, { imageGenerator: drawer });
    inviter = await registerUser(ctx, '13400001000', { ip: '10.40.0.1' });
    const inviteCode = (await get(ctx.app, '/api/v1/info', auth(inviter))).json().data.inviteCode;
    token = await registerUser(ctx, phone, { ip: '10.40.0.2', inviteCode });
    await post(
      ctx.app,
      '/api/v1/creatMsgTag',
      { msgTagTitleName: '亚马逊标题', prompt: '写标题' },
      auth(token),
    );
    drawingUrl = (await post(ctx.app, '/api/v1/createImage/', { prompt: '白底耳机' }, auth(token))).json()
      .data.url;
    await orderPlan(ctx.app, token);
    const term = { source: '出海牌', target: 'all', translation: null };
    assert.equal((await post(ctx.app, '/api/v1/translate/glossary', term, auth(token))).statusCode, 200);
    // A listing and a 批量处理 job with a stored original, as their screens leave them.
    const userId = (
      await ctx.app.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()
    ).id;
    await insertListing(ctx.app.db, {
      userId,
      marketplace: 'amazon',
      site: 'US',
      language: 'en',
      facts: JSON.stringify({ productName: '保温水杯' }),
      content: JSON.stringify({ title: 'Insulated Bottle' }),
      backTranslation: '{}',
      now: ctx.clock.now(),
    });
    // An AI 问答 exchange in a conversation the seller named, as 历史对话 shows it.
    const conversationId = await insertConversation(ctx.app.db, Number(userId), ctx.clock.now());
    await renameConversation(ctx.app.db, Number(userId), conversationId, '德国站选品');
    await insertMessage(ctx.app.db, {
      userId: Number(userId),
      conversationId,
      content: '德国站卖保温杯要注意什么？',
      chatType: 1,
      model: 'standard',
      tagRef: null,
      tagTitle: null,
      now: ctx.clock.now(),
    });
    const jobId = await insertJob(ctx.app.db, {
      userId,
      now: ctx.clock.now(),
      expiresAt: ctx.clock.now() + 7 * 86_400_000,
    });
    batchOriginal = `batch/${jobId}/red.jpg`;
    await ctx.app.deps.files.put(batchOriginal, Buffer.from('jpeg bytes'), 'image/jpeg');
    await insertItem(ctx.app.db, {
      jobId,
      userId,
      name: 'red.jpg',
      originalKey: batchOriginal,
      now: ctx.clock.now(),
    });
  });
  after(() => ctx.close());
  let batchOriginal = '';

  it('exports everything held about the caller as one JSON', async () => {
    const response = await get(ctx.app, '/api/v1/account/export', auth(token));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    const data = response.json().data;
    assert.equal(data.account.phone, phone);
    assert.deepEqual(
      data.tags.map((t: { title: string }) => t.title),
      ['亚马逊标题'],
    );
    assert.equal(data.images.length, 1);
    assert.equal(data.images[0].prompt, '白底耳机');
    assert.deepEqual(data.images[0].about, {}, 'a drawing has nothing more to say of itself');
    assert.deepEqual(
      data.chats.map((c: { question: string; conversation: string | null }) => [c.question, c.conversation]),
      [['德国站卖保温杯要注意什么？', '德国站选品']],
      'each question with the conversation it belongs to',
    );
    assert.equal((await ctx.app.inject({ method: 'GET', url: data.images[0].url })).statusCode, 200);
    assert.equal(data.orders.length, 1);
    assert.equal(data.orders[0].status, 'pending');
    assert.equal(data.vip[0].source, 'invited-register', 'the invitee’s registration day');
    assert.equal(data.sessions.length, 1);
    assert.equal(data.listings[0].facts.productName, '保温水杯');
    assert.deepEqual(data.batchJobs[0].images, [{ name: 'red.jpg', status: 'waiting', reason: '' }]);
    assert.deepEqual(
      data.translateGlossary.map((t: { source: string; target: string }) => [t.source, t.target]),
      [['出海牌', 'all']],
    );
    assert.equal((await get(ctx.app, '/api/v1/account/export')).statusCode, 401);
  });

  it('deletes the account with an SMS code: its data and files go, orders stay without the phone', async () => {
    assert.equal((await requestCode(ctx.app, ctx.clock, phone, 4, '10.40.0.2')).statusCode, 200);
    const code = ctx.sms.lastCodeFor(phone);
    const wrong = await post(
      ctx.app,
      '/api/v1/account/delete',
      { code: code === '000000' ? '111111' : '000000' },
      auth(token),
    );
    assert.equal(wrong.statusCode, 400);
    assert.equal(
      (await get(ctx.app, '/api/v1/info', auth(token))).statusCode,
      200,
      'a wrong code deletes nothing',
    );

    const deleted = await post(ctx.app, '/api/v1/account/delete', { code }, auth(token));
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal(
      (await get(ctx.app, '/api/v1/info', auth(token))).json().code,
      400002,
      'signed out everywhere',
    );
    assert.equal(
      (await ctx.app.inject({ method: 'GET', url: drawingUrl })).statusCode,
      404,
      'the file is gone',
    );
    const db = ctx.app.db;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('phone', 'like', 'deleted-%')
      .executeTakeFirstOrThrow();
    assert.equal(user.password_hash, null);
    assert.equal(
      (await db.selectFrom('msg_tags').select('id').where('user_id', '=', user.id).execute()).length,
      0,
    );
    assert.equal(
      (await db.selectFrom('stored_images').select('id').where('user_id', '=', user.id).execute()).length,
      0,
    );
    assert.equal(
      (await db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute()).length,
      0,
    );
    assert.equal(
      (await db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).length,
      1,
    );
    assert.equal(
      (await db.selectFrom('translate_glossary').select('id').where('user_id', '=', user.id).execute())
        .length,
      0,
      'the 术语表 is gone',
    );

    // Every table a module says is deleted holds nothing more about the user, by id or by phone.
    const deletedTables = FEATURE_MODULES.flatMap((m) => m.personalData?.tables ?? []).filter(
      (t) => t.onDelete === 'deleted',
    );
    for (const { table, columns } of deletedTables)
      for (const column of columns) {
        const value = column === 'phone' || column === 'subject' ? phone : user.id;
        const rows = await db
          .selectFrom(table)
          // biome-ignore lint/suspicious/noExplicitAny: the walk reads any declared table and column
          .where(column as any, '=', value)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(rows.n), 0, `${table}.${column} still holds the deleted user`);
      }
    assert.equal(await ctx.app.deps.files.get(batchOriginal), null, 'the batch original is gone');

    // The number is free again, and the inviter sees a deleted friend, not a phone.
    assert.equal((await post(ctx.app, '/api/v1/login/', { phone, password: PASSWORD })).statusCode, 400);
    await registerUser(ctx, phone, { ip: '10.40.0.3' });
    const history = (await get(ctx.app, '/api/v1/inviteActivityHistory', auth(inviter))).json().data.list;
    assert.equal(history[0].phone, '已注销用户');
  });
});

/** Columns that name a user: an id, or the phone number a row is about. */
const USER_COLUMN =
  /^(user_id|actor_id|created_by|redeemed_by|inviter_id|invitee_id|invited_by|phone|subject)$/;

describe('every table with a user in it is declared by a module', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('finds no user column that 导出我的数据 and 注销账号 do not know about', async () => {
    const declared: PersonalTable[] = FEATURE_MODULES.flatMap((m) => m.personalData?.tables ?? []);
    const known = new Set(declared.flatMap((t) => t.columns.map((c) => `${t.table}.${c}`)));
    const tables = await ctx.app.db.introspection.getTables();
    const found = tables.flatMap((t) =>
      t.columns.filter((c) => USER_COLUMN.test(c.name)).map((c) => `${t.name}.${c.name}`),
    );
    assert.ok(found.length >= 15, found.join(', '));
    assert.deepEqual(
      found.filter((column) => !known.has(column)),
      [],
      'a table keeps users without saying what happens to them when they leave',
    );
    const existing = new Set(tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
    assert.deepEqual(
      [...known].filter((column) => !existing.has(column)),
      [],
      'declared columns exist',
    );
  });
});
