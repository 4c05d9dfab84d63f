import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHAT_LIMITS, ResultCode } from '@chuhai/contract';
import { parseLibrary, shippedLibrary } from '../src/modules/prompt/library.ts';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { askStreaming, buildChatApp } from './chat-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

describe('prompt tags', () => {
  let ctx: Ctx;
  const create = (token: string, msgTagTitleName: string, prompt: string) =>
    post(ctx.app, '/api/v1/creatMsgTag', { msgTagTitleName, prompt }, auth(token));

  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());

  it('creates, lists, edits and deletes a tag, and sends its prompt as the system prompt', async () => {
    const created = await create(ctx.token, '  德语客服 ', '你是德语客服专家。\n\n- 语气礼貌');
    assert.equal(created.statusCode, 200);
    const tag = created.json().data;
    assert.equal(tag.msgTagTitleName, '德语客服', 'title trimmed');

    const list = (await get(ctx.app, '/api/v1/getMsgTagList?pageNo=1&pageSize=20', auth(ctx.token))).json()
      .data;
    assert.equal(list.total, 1);
    assert.equal(list.list[0].prompt, '你是德语客服专家。\n\n- 语气礼貌');

    const edited = await post(
      ctx.app,
      '/api/v1/editMsgTag',
      { id: tag.id, msgTagTitleName: '德语客服', prompt: '你是德语售后专家。' },
      auth(ctx.token),
    );
    assert.equal(edited.json().data.prompt, '你是德语售后专家。');

    await askStreaming(ctx.app, ctx.token, { content: '退货怎么回复', tagId: tag.id });
    assert.equal(ctx.fake.requests.at(-1)?.messages[0]?.content, '你是德语售后专家。');

    const deleted = await get(ctx.app, `/api/v1/deleteMsgTag?ids=${tag.id}`, auth(ctx.token));
    assert.equal(deleted.json().data.deleted, 1);
    assert.equal((await get(ctx.app, '/api/v1/getMsgTagList', auth(ctx.token))).json().data.total, 0);
    const history = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.list;
    assert.equal(history.at(-1).tagTitle, '德语客服', 'history keeps the title of a deleted tag');
  });

  it('tells the right total on every page, whether or not the page is full', async () => {
    const token = await registerUser(ctx, '13900007301');
    for (let i = 1; i <= 5; i++) assert.equal((await create(token, `标签${i}`, `提示${i}`)).statusCode, 200);
    const page = async (pageNo: number, pageSize: number) =>
      (await get(ctx.app, `/api/v1/getMsgTagList?pageNo=${pageNo}&pageSize=${pageSize}`, auth(token))).json()
        .data;
    for (const [pageNo, pageSize, rows] of [
      [1, 20, 5],
      [1, 2, 2],
      [3, 2, 1],
      [2, 5, 0],
      [9, 2, 0],
    ] as const) {
      const data = await page(pageNo, pageSize);
      assert.equal(data.list.length, rows, `page ${pageNo} of ${pageSize}`);
      assert.equal(data.total, 5, `page ${pageNo} of ${pageSize}`);
    }
  });

  it('refuses empty, long and duplicate titles and empty prompts, in Chinese', async () => {
    const cases: [string, string, RegExp][] = [
      ['', '内容', /请输入标签名称/],
      ['名'.repeat(CHAT_LIMITS.tagTitleMaxLength + 1), '内容', /最多 20 个字/],
      ['标题', '   ', /请输入提示词内容/],
      ['标题', 'x'.repeat(CHAT_LIMITS.tagPromptMaxLength + 1), /最多 4000 个字/],
    ];
    for (const [title, prompt, message] of cases) {
      const response = await create(ctx.token, title, prompt);
      assert.equal(response.statusCode, 400);
      assert.match(response.json().msg, message);
    }
    assert.equal((await create(ctx.token, '选品', '甲')).statusCode, 200);
    const duplicate = await create(ctx.token, '选品', '乙');
    assert.equal(duplicate.statusCode, 400);
    assert.match(duplicate.json().msg, /已有名为「选品」的标签/);
  });

  it('a user reaches only their own tags', async () => {
    const mine = (await create(ctx.token, '我的标签', '内容')).json().data;
    const other = await registerUser(ctx, '13900004444');
    const edit = await post(
      ctx.app,
      '/api/v1/editMsgTag',
      { id: mine.id, msgTagTitleName: '改掉', prompt: '改掉' },
      auth(other),
    );
    assert.equal(edit.statusCode, 404);
    assert.equal(
      (await get(ctx.app, `/api/v1/deleteMsgTag?ids=${mine.id}`, auth(other))).json().data.deleted,
      0,
    );
    assert.equal((await get(ctx.app, '/api/v1/getMsgTagList', auth(other))).json().data.total, 0);
    const ask = await post(ctx.app, '/api/v1/sendMsg/', { content: '你好', tagId: mine.id }, auth(other));
    assert.equal(ask.statusCode, 404);
  });

  it(`keeps at most ${CHAT_LIMITS.tagsPerUser} tags per user`, async () => {
    const token = await registerUser(ctx, '13900005555');
    for (let i = 0; i < CHAT_LIMITS.tagsPerUser; i += 1) {
      assert.equal((await create(token, `标签${i}`, '内容')).statusCode, 200);
    }
    const over = await create(token, '再来一个', '内容');
    assert.equal(over.statusCode, 400);
    assert.match(over.json().msg, /最多保存 50 个标签/);
    const page2 = (await get(ctx.app, '/api/v1/getMsgTagList?pageNo=3&pageSize=20', auth(token))).json().data;
    assert.equal(page2.list.length, 10);
  });

  it('tag calls need a session', async () => {
    const response = await get(ctx.app, '/api/v1/getMsgTagList');
    assert.equal(response.json().code, ResultCode.tokenMissing);
  });
});

describe('the built-in prompt library', () => {
  it('has at least 30 prompts in at least 6 categories, each with a title, summary and prompt', () => {
    const library = shippedLibrary();
    assert.ok(library.length >= 6);
    const prompts = library.flatMap((c) => c.prompts);
    assert.ok(prompts.length >= 30, `${prompts.length} prompts`);
    for (const p of prompts) {
      assert.ok(p.msgTagTitleName.length <= CHAT_LIMITS.tagTitleMaxLength, p.id);
      assert.ok(p.summary.length > 0 && p.prompt.length > 40, p.id);
    }
  });

  it('is served to anyone, by category or by keyword', async () => {
    const ctx = await buildChatApp();
    try {
      const all = (await get(ctx.app, '/api/v1/getMsgTagCategoryList')).json().data;
      assert.deepEqual(
        all.map((c: { name: string }) => c.name),
        shippedLibrary().map((c) => c.name),
      );
      const one = (await get(ctx.app, '/api/v1/getMsgTagCategoryList?categoryId=compliance')).json().data;
      assert.equal(one.length, 1);
      const found = (
        await get(ctx.app, `/api/v1/getMsgTagCategoryList?keyword=${encodeURIComponent('差评')}`)
      ).json().data;
      assert.ok(found.flatMap((c: { prompts: unknown[] }) => c.prompts).length >= 1);
    } finally {
      await ctx.close();
    }
  });

  it('a broken library file stops start-up with the reason', () => {
    assert.throws(() => parseLibrary('{}'), /缺少 categories/);
    const dup = JSON.stringify({
      categories: [
        { id: 'a', name: 'A', prompts: [{ id: 'lib-x', title: 't', summary: 's', prompt: 'p' }] },
        { id: 'b', name: 'B', prompts: [{ id: 'lib-x', title: 't', summary: 's', prompt: 'p' }] },
      ],
    });
    assert.throws(() => parseLibrary(dup), /lib-x 重复/);
  });
});
