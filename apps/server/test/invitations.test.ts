import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, INVITE_REWARDS } from '@chuhai/contract';
import { rewardFirstOrder } from '../src/modules/invite/service.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

let ipCounter = 0;
/** Registers from a fresh address each time: many sign-ups from one IP would hit the SMS limit. */
function join(ctx: Ctx, phone: string, inviteCode?: string): Promise<string> {
  ipCounter += 1;
  return registerUser(ctx, phone, {
    ...(inviteCode ? { inviteCode } : {}),
    ip: `10.9.${ipCounter >> 8}.${ipCounter & 255}`,
  });
}

async function vipEnd(ctx: Ctx, token: string): Promise<number | null> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.ConsumerLevel[0]?.levelEndAt ?? null;
}

async function inviteCodeOf(ctx: Ctx, token: string): Promise<string> {
  return (await get(ctx.app, '/api/v1/info', auth(token))).json().data.inviteCode;
}

describe('invitation rewards', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('an invitee registering gives the invitee 1 VIP day and the inviter 3, shown in the history', async () => {
    const inviter = await join(ctx, '13700000001');
    assert.equal(await vipEnd(ctx, inviter), null);
    const code = await inviteCodeOf(ctx, inviter);
    const start = ctx.clock.now();
    const invitee = await join(ctx, '13700000002', code.toLowerCase());

    assert.equal(await vipEnd(ctx, invitee), start + INVITE_REWARDS.inviteeOnRegister * DAY_IN_MS);
    assert.equal(await vipEnd(ctx, inviter), start + INVITE_REWARDS.inviterOnRegister * DAY_IN_MS);

    const history = (
      await get(ctx.app, '/api/v1/inviteActivityHistory?pageNo=1&pageSize=5', auth(inviter))
    ).json().data;
    assert.equal(history.total, 1);
    assert.deepEqual(history.list[0], {
      id: history.list[0].id,
      phone: '137****0002',
      event: 'register',
      eventName: '好友注册',
      rewardDays: 3,
      capped: false,
      createdAt: start,
    });
    assert.deepEqual(history.summary, {
      inviteCode: code,
      invitedCount: 1,
      rewardDaysTotal: 3,
      rewardedThisMonth: 1,
      monthlyCap: INVITE_REWARDS.rewardedRegistrationsPerMonth,
    });
    const inviteeHistory = (await get(ctx.app, '/api/v1/inviteActivityHistory', auth(invitee))).json().data;
    assert.equal(inviteeHistory.total, 0, 'the invitee invited nobody');
  });

  it(`rewards at most ${INVITE_REWARDS.rewardedRegistrationsPerMonth} registrations a month, then again next month`, async () => {
    ctx.clock.set('2026-12-20T09:00:00+08:00');
    const inviter = await join(ctx, '13700000100');
    const code = await inviteCodeOf(ctx, inviter);
    const start = ctx.clock.now();
    for (let i = 1; i <= INVITE_REWARDS.rewardedRegistrationsPerMonth + 1; i += 1) {
      await join(ctx, `1370000${String(1000 + i)}`, code);
    }
    const capDays = INVITE_REWARDS.rewardedRegistrationsPerMonth * INVITE_REWARDS.inviterOnRegister;
    assert.equal(await vipEnd(ctx, inviter), start + capDays * DAY_IN_MS);
    const page = (await get(ctx.app, '/api/v1/inviteActivityHistory', auth(inviter))).json().data;
    assert.equal(page.total, 51);
    assert.equal(page.list.length, 5, 'page size 5 by default');
    assert.equal(page.list[0].capped, true);
    assert.equal(page.list[0].rewardDays, 0);
    assert.equal(page.summary.invitedCount, 51);
    assert.equal(page.summary.rewardedThisMonth, 50);

    ctx.clock.set('2027-01-01T00:00:01+08:00');
    await join(ctx, '13700009999', code);
    assert.equal(
      await vipEnd(ctx, inviter),
      start + (capDays + INVITE_REWARDS.inviterOnRegister) * DAY_IN_MS,
    );
  });

  it('the first paid order rewards the inviter 7 days once, however often it is reported', async () => {
    const inviter = await join(ctx, '13700000200');
    const invitee = await join(ctx, '13700000201', await inviteCodeOf(ctx, inviter));
    const before = (await vipEnd(ctx, inviter)) as number;
    const inviteeRow = await ctx.app.db
      .selectFrom('users')
      .select(['id', 'invited_by'])
      .where('phone', '=', '13700000201')
      .executeTakeFirstOrThrow();
    const invitee1 = { id: Number(inviteeRow.id), invitedBy: Number(inviteeRow.invited_by) };
    const first = await ctx.app.db
      .transaction()
      .execute((trx) => rewardFirstOrder(trx, invitee1, ctx.clock.now()));
    const again = await ctx.app.db
      .transaction()
      .execute((trx) => rewardFirstOrder(trx, invitee1, ctx.clock.now()));
    assert.deepEqual([first, again], [true, false]);
    assert.equal(await vipEnd(ctx, inviter), before + INVITE_REWARDS.inviterOnFirstOrder * DAY_IN_MS);
    const page = (await get(ctx.app, '/api/v1/inviteActivityHistory', auth(inviter))).json().data;
    assert.equal(page.list[0].eventName, '好友首次购买');
    assert.equal(page.list[0].rewardDays, 7);
    assert.ok(invitee);
  });

  it('needs a session', async () => {
    const response = await get(ctx.app, '/api/v1/inviteActivityHistory');
    assert.equal(response.statusCode, 401);
  });
});
