import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { askStreaming } from './chat-helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from './fakes/fake-openai.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const REVOKED = 'sk-revoked-1111';
const COOLDOWN_MS = 60_000;

function chatChannel(name: string, url: string, keys: string[], priority: number) {
  return { name, baseUrl: url, keys, priority, priceInput: 1, priceOutput: 1 };
}

/**
 * A provider account shared by a team often has one key revoked while the others work: the channel
 * rests that key alone and goes on; only when none is left does the channel itself cool down.
 */
describe('a channel with several keys rests only the key the provider refuses', () => {
  let ctx: Ctx;
  let provider: FakeOpenAi;
  let backup: FakeOpenAi;
  let admin: string;
  let seller: string;
  let others: string[];
  before(async () => {
    provider = await startFakeOpenAi({ pieceMs: 1, refusedKeys: [REVOKED, 'sk-gone-5555', 'sk-gone-6666'] });
    backup = await startFakeOpenAi({ pieceMs: 1 });
    ctx = await buildAccountApp({
      LLM_CHANNELS: JSON.stringify([
        chatChannel('团队账号', provider.url, [REVOKED, 'sk-good-2222', 'sk-good-3333'], 10),
        chatChannel('全部失效', provider.url, ['sk-gone-5555', 'sk-gone-6666'], 5),
        chatChannel('备用', backup.url, ['sk-backup-7777'], 1),
      ]),
      LLM_MODEL_STANDARD: 'fake-standard',
      CHANNEL_COOLDOWN_MS: String(COOLDOWN_MS),
      ADMIN_PHONES: '13700000041',
    });
    admin = await registerUser(ctx, '13700000041', { ip: '10.64.0.1' });
    seller = await registerUser(ctx, '13700000042', { ip: '10.64.0.2' });
    // A seller asks one question at a time (two at most): four sellers ask at once.
    others = [];
    for (const n of [3, 4, 5]) others.push(await registerUser(ctx, `1370000004${n}`, { ip: `10.64.0.${n}` }));
  });
  after(async () => {
    await ctx?.close();
    await provider?.close();
    await backup?.close();
  });

  const keysUsed = () => provider.requests.map((r) => r.authorization?.replace('Bearer ', ''));
  const channel = async (name: string) => {
    const list = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data;
    return list.find((c: { name: string }) => c.name === name);
  };
  const audit = async (action: string) =>
    (await get(ctx.app, `/api/admin/audit?action=${action}`, auth(admin))).json().data.list as {
      after: string;
    }[];

  it('answers every question, the first one through another key of the same channel', async () => {
    // Four at once: some of them meet the revoked key before any has rested it.
    const answers = await Promise.all(
      [seller, ...others].map((who, i) => askStreaming(ctx.app, who, { content: `第 ${i + 1} 个问题` })),
    );
    assert.deepEqual(
      answers.map((a) => a.events.at(-1)?.event),
      ['done', 'done', 'done', 'done'],
    );
    assert.equal(backup.requests.length, 0, 'the channel itself never failed');
    for (let i = 0; i < 6; i += 1)
      assert.equal(
        (await askStreaming(ctx.app, seller, { content: `之后 ${i}` })).events.at(-1)?.event,
        'done',
      );
    const revokedCalls = keysUsed().filter((key) => key === REVOKED).length;
    assert.ok(revokedCalls >= 1 && revokedCalls <= 4, `${revokedCalls} calls with the revoked key`);
    const afterRest = keysUsed().slice(-6);
    assert.ok(!afterRest.includes(REVOKED), 'a resting key is passed over');
    assert.ok(
      afterRest.includes('sk-good-2222') && afterRest.includes('sk-good-3333'),
      'the others share the load',
    );
  });

  it('shows the resting key in the console and the audit log once; the channel stays healthy', async () => {
    const team = await channel('团队账号');
    assert.equal(team.state, 'healthy');
    assert.deepEqual(team.restingKeyTails, ['1111']);
    const rests = await audit('channel.key-rest');
    assert.equal(rests.length, 1, 'calls refused at once rest the key once');
    assert.match(
      rests[0]?.after ?? '',
      /密钥尾号 1111：密钥无效或无权限（401），暂停使用，其余 2 个密钥继续/,
    );
  });

  it('cools a channel whose every key is refused, and answers through the next channel', async () => {
    // The top channel rests its good keys too: now questions reach 全部失效.
    provider.refusedKeys.add('sk-good-2222');
    provider.refusedKeys.add('sk-good-3333');
    for (let i = 0; i < 3; i += 1)
      assert.equal(
        (await askStreaming(ctx.app, seller, { content: `全部失效 ${i}` })).events.at(-1)?.event,
        'done',
      );
    assert.ok(backup.requests.length >= 1);
    const team = await channel('团队账号');
    const gone = await channel('全部失效');
    assert.equal(gone.state, 'cooling');
    assert.match(gone.stateReason, /密钥无效或无权限（401）/);
    assert.equal(team.state, 'cooling', 'its last healthy key refused: the channel cools');
  });

  it('after the cooldown a key that works again is taken back', async () => {
    provider.refusedKeys.clear();
    ctx.clock.advance(COOLDOWN_MS + 1_000);
    for (let i = 0; i < 6; i += 1)
      assert.equal(
        (await askStreaming(ctx.app, seller, { content: `恢复 ${i}` })).events.at(-1)?.event,
        'done',
      );
    const team = await channel('团队账号');
    assert.equal(team.state, 'healthy');
    assert.deepEqual(team.restingKeyTails, []);
    assert.ok(keysUsed().slice(-3).includes(REVOKED), 'the revoked key is in turn again');
    const restores = await audit('channel.key-restore');
    assert.ok(restores.some((row) => /密钥尾号 1111 调用成功，恢复使用/.test(row.after)));
  });
});
