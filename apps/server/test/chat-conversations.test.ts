import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CHAT_LIMITS, ResultCode } from '@chuhai/contract';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { askJson, askStreaming, buildChatApp } from './chat-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

interface ConversationItem {
  id: number;
  title: string;
  renamed: boolean;
  exchanges: number;
  createdAt: number;
  updatedAt: number;
  current: boolean;
}

async function listConversations(ctx: Ctx, token: string, query = '') {
  const response = await get(ctx.app, `/api/v1/conversations${query}`, auth(token));
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as {
    list: ConversationItem[];
    total: number;
    pageNo: number;
    pageSize: number;
  };
}

function currentQuestions(ctx: Ctx, token: string): Promise<string[]> {
  return get(ctx.app, '/api/v1/getMsgList', auth(token)).then((r) =>
    r.json().data.list.map((m: { content: string }) => m.content),
  );
}

const open = (ctx: Ctx, token: string, id: number | string) =>
  post(ctx.app, `/api/v1/conversations/${id}/open`, {}, auth(token));
const rename = (ctx: Ctx, token: string, id: number | string, title: unknown) =>
  post(ctx.app, `/api/v1/conversations/${id}/rename`, { title }, auth(token));
const remove = (ctx: Ctx, token: string, id: number | string) =>
  post(ctx.app, `/api/v1/conversations/${id}/delete`, {}, auth(token));
const newConversation = (ctx: Ctx, token: string) => post(ctx.app, '/api/v1/msgClear', {}, auth(token));

describe('past conversations', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  beforeEach(async () => {
    await post(ctx.app, '/api/v1/msgClear', { all: true }, auth(ctx.token));
  });

  it('lists conversations by latest question, titled by their first question, the open one marked', async () => {
    const started = ctx.clock.now();
    await askJson(ctx.app, ctx.token, { content: '  亚马逊标题\n怎么写？  ' });
    ctx.clock.advance(60_000);
    await askJson(ctx.app, ctx.token, { content: '再短一点' });
    await newConversation(ctx, ctx.token);
    ctx.clock.advance(60_000);
    const long = `德国站${'合规'.repeat(30)}`;
    await askJson(ctx.app, ctx.token, { content: long });

    const page = await listConversations(ctx, ctx.token);
    assert.equal(page.total, 2);
    assert.equal(page.pageSize, 20, 'PAGE_SIZE.conversations');
    const [latest, earlier] = page.list as [ConversationItem, ConversationItem];
    assert.equal(latest.title, `${long.slice(0, CHAT_LIMITS.conversationTitleMaxLength)}…`);
    assert.equal(latest.current, true);
    assert.equal(latest.exchanges, 1);
    assert.equal(earlier.title, '亚马逊标题 怎么写？', 'one line, trimmed');
    assert.equal(earlier.renamed, false);
    assert.equal(earlier.current, false);
    assert.equal(earlier.exchanges, 2);
    assert.equal(earlier.createdAt, started);
    assert.equal(earlier.updatedAt, started + 60_000, 'when its latest question was asked');

    const second = await listConversations(ctx, ctx.token, '?pageNo=2&pageSize=1');
    assert.deepEqual(
      second.list.map((c) => c.id),
      [earlier.id],
    );
    assert.equal(second.total, 2);
  });

  it('an opened conversation is continued: its turns come back and go to the model as context', async () => {
    await askJson(ctx.app, ctx.token, { content: '第一个对话的问题' });
    await newConversation(ctx, ctx.token);
    await askJson(ctx.app, ctx.token, { content: '第二个对话的问题' });
    const [second, first] = (await listConversations(ctx, ctx.token)).list as [
      ConversationItem,
      ConversationItem,
    ];

    const opened = await open(ctx, ctx.token, first.id);
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.json().data.current, true);
    assert.deepEqual(await currentQuestions(ctx, ctx.token), ['第一个对话的问题']);

    const streamed = await askStreaming(ctx.app, ctx.token, { content: '接着上面的问' });
    assert.equal(streamed.events[0]?.data.conversationId, first.id);
    const sent = ctx.fake.requests.at(-1)?.messages.map((m) => m.content) ?? [];
    assert.equal(sent.length, 4, 'system, the earlier exchange, the new question');
    assert.equal(sent[1], '第一个对话的问题');
    assert.ok(!sent.includes('第二个对话的问题'), 'nothing from the other conversation');
    assert.deepEqual(await currentQuestions(ctx, ctx.token), ['第一个对话的问题', '接着上面的问']);

    // Continued, it moves to the top; the one that was open is ended, its exchange kept.
    const after = (await listConversations(ctx, ctx.token)).list;
    assert.deepEqual(
      after.map((c) => [c.id, c.current, c.exchanges]),
      [
        [first.id, true, 2],
        [second.id, false, 1],
      ],
    );
    // Its last answer can be regenerated, as in any current conversation.
    const lastId = streamed.events[0]?.data.id;
    const again = await askJson(ctx.app, ctx.token, { content: '接着上面的问', regenerateId: lastId });
    assert.equal(again.statusCode, 200);

    // 新对话 ends it as before; it stays in the list.
    await newConversation(ctx, ctx.token);
    assert.deepEqual(await currentQuestions(ctx, ctx.token), []);
    assert.ok((await listConversations(ctx, ctx.token)).list.every((c) => !c.current));
  });

  it('rename: a name of 1 to 40 characters on one line; empty or long is 400 and changes nothing', async () => {
    await askJson(ctx.app, ctx.token, { content: '蓝牙耳机的五点描述' });
    const [conversation] = (await listConversations(ctx, ctx.token)).list as [ConversationItem];

    const empty = await rename(ctx, ctx.token, conversation.id, '  \n ');
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().code, ResultCode.badRequest);
    assert.equal(empty.json().msg, '请输入对话名称');
    const long = await rename(ctx, ctx.token, conversation.id, '名'.repeat(41));
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().msg, '对话名称最多 40 个字，当前 41 个字');
    const huge = await rename(ctx, ctx.token, conversation.id, '名'.repeat(5000));
    assert.equal(huge.statusCode, 400);
    assert.match(huge.json().msg, /title/);
    const missing = await post(
      ctx.app,
      `/api/v1/conversations/${conversation.id}/rename`,
      {},
      auth(ctx.token),
    );
    assert.equal(missing.statusCode, 400);
    assert.equal((await listConversations(ctx, ctx.token)).list[0]?.title, '蓝牙耳机的五点描述');

    const renamed = await rename(ctx, ctx.token, conversation.id, ' 耳机\nListing ');
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().msg, '已重命名');
    assert.equal(renamed.json().data.title, '耳机 Listing');
    assert.equal(renamed.json().data.renamed, true);
    const listed = (await listConversations(ctx, ctx.token)).list[0];
    assert.equal(listed?.title, '耳机 Listing');
    assert.equal(listed?.renamed, true);
    assert.equal((await rename(ctx, ctx.token, conversation.id, '名'.repeat(40))).statusCode, 200);
  });

  it('search finds a conversation by its name, its questions or its answers, % and _ literally', async () => {
    await askJson(ctx.app, ctx.token, { content: 'Amazon 折扣 100% 可以吗' });
    await newConversation(ctx, ctx.token);
    await askJson(ctx.app, ctx.token, { content: 'shopee_运费' });
    await newConversation(ctx, ctx.token);
    await askJson(ctx.app, ctx.token, { content: '第三个' });
    const third = (await listConversations(ctx, ctx.token)).list[0] as ConversationItem;
    await rename(ctx, ctx.token, third.id, '德国站合规');

    const titles = async (keyword: string) =>
      (await listConversations(ctx, ctx.token, `?keyword=${encodeURIComponent(keyword)}`)).list.map(
        (c) => c.title,
      );
    assert.deepEqual(await titles('amazon'), ['Amazon 折扣 100% 可以吗']);
    assert.deepEqual(await titles('100%'), ['Amazon 折扣 100% 可以吗']);
    assert.deepEqual(await titles('e_运'), ['shopee_运费']);
    assert.deepEqual(await titles('p_e'), []);
    assert.deepEqual(await titles('德国站'), ['德国站合规'], 'by the name');
    assert.deepEqual(await titles('「第三个」'), ['德国站合规'], 'by the answer');
    assert.equal((await titles('  ')).length, 3, 'a blank keyword lists everything');
    const tooLong = await get(ctx.app, `/api/v1/conversations?keyword=${'长'.repeat(51)}`, auth(ctx.token));
    assert.equal(tooLong.statusCode, 400);
  });

  it('delete removes the conversation and its exchanges, only the caller’s', async () => {
    await askJson(ctx.app, ctx.token, { content: '要留下的' });
    await newConversation(ctx, ctx.token);
    await askJson(ctx.app, ctx.token, { content: '要删除的 1' });
    await askJson(ctx.app, ctx.token, { content: '要删除的 2' });
    const [doomed, kept] = (await listConversations(ctx, ctx.token)).list as [
      ConversationItem,
      ConversationItem,
    ];
    const other = await registerUser(ctx, '13900005555');
    await askJson(ctx.app, other, { content: '别人的问题' });
    const [theirs] = (await listConversations(ctx, other)).list as [ConversationItem];

    const deleted = await remove(ctx, ctx.token, doomed.id);
    assert.equal(deleted.statusCode, 200);
    assert.equal(deleted.json().data.deleted, 2);
    assert.equal(deleted.json().msg, '已删除对话');
    assert.deepEqual(
      (await listConversations(ctx, ctx.token)).list.map((c) => c.id),
      [kept.id],
    );
    const history = (await get(ctx.app, '/api/v1/getMsgHistoryList', auth(ctx.token))).json().data;
    assert.deepEqual(
      history.list.map((m: { content: string }) => m.content),
      ['要留下的'],
    );
    // It was the open one: the chat is empty and the next question starts a new conversation.
    assert.deepEqual(await currentQuestions(ctx, ctx.token), []);
    await askJson(ctx.app, ctx.token, { content: '新的问题' });
    assert.equal((await listConversations(ctx, ctx.token)).total, 2);

    // Someone else's conversation, a deleted one, or none at all: 404, and nothing changes.
    for (const id of [theirs.id, doomed.id, 999_999]) {
      for (const call of [
        open(ctx, ctx.token, id),
        rename(ctx, ctx.token, id, '名字'),
        remove(ctx, ctx.token, id),
      ]) {
        const response = await call;
        assert.equal(response.statusCode, 404, `${id}`);
        assert.equal(response.json().code, ResultCode.notFound);
        assert.equal(response.json().msg, '这个对话不存在或已删除');
      }
    }
    const stillTheirs = (await listConversations(ctx, other)).list;
    assert.deepEqual(
      stillTheirs.map((c) => [c.id, c.title, c.current, c.exchanges]),
      [[theirs.id, '别人的问题', true, 1]],
    );
    for (const bad of ['abc', '0', '-1', '1.5']) {
      assert.equal((await open(ctx, ctx.token, bad)).statusCode, 400, bad);
    }
  });

  it('a signed-out caller gets 400001 from every conversation call', async () => {
    for (const response of [
      await get(ctx.app, '/api/v1/conversations'),
      await post(ctx.app, '/api/v1/conversations/1/open', {}),
      await post(ctx.app, '/api/v1/conversations/1/rename', { title: '名字' }),
      await post(ctx.app, '/api/v1/conversations/1/delete', {}),
    ]) {
      assert.equal(response.json().code, ResultCode.tokenMissing);
    }
  });
});
