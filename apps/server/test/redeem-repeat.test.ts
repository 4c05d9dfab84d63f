import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS } from '@chuhai/contract';
import { adminWithTotp, auth, buildAccountApp, post, registerUser } from './account-helpers.ts';
import { usePostgresApp } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const ADMIN = '13700009001';

/**
 * 兑换 pressed twice (or five times at once) by one seller: one credit, every answer that
 * redemption. Sellers racing for one single-use code: exactly one wins, the others are told it is used.
 */
function redeemSuite(ctx: () => Ctx) {
  let admin: Awaited<ReturnType<typeof adminWithTotp>>;
  let phone = 13700009100;
  before(async () => {
    admin = await adminWithTotp(ctx(), ADMIN, '10.95.0.1');
  });
  const seller = () => registerUser(ctx(), String(phone++), { ip: `10.95.1.${phone % 250}` });
  /** A batch of single-use codes worth `days`, one per account. */
  const codes = async (count: number, days = 30): Promise<string[]> => {
    const made = await post(
      ctx().app,
      '/api/admin/redeem-batches',
      {
        name: '双击',
        days,
        count,
        expiresAt: ctx().clock.now() + 10 * DAY_IN_MS,
        perUserLimit: 1,
        totp: admin.code(),
      },
      auth(admin.token),
    );
    assert.equal(made.statusCode, 200, made.body);
    return made.json().data.codes;
  };
  const redeem = (token: string, code: string, ip = '10.95.2.1') =>
    post(ctx().app, '/api/v1/redeem', { code }, auth(token), ip);
  /** Every VIP grant made by a code, whoever redeemed it. */
  const redeemGrants = async () =>
    (
      await ctx()
        .app.deps.db.selectFrom('consumer_levels')
        .select('source_ref')
        .where('source', '=', 'redeem')
        .execute()
    ).length;

  it('one seller, five 兑换 at once: one credit, and every answer is that redemption', async () => {
    const [code] = await codes(1, 30);
    const token = await seller();
    const grantsBefore = await redeemGrants();
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(token, code as string)));
    for (const answer of answers) assert.equal(answer.json().code, 200, answer.body);
    const first = answers.filter((a) => !a.json().data.repeat);
    assert.equal(first.length, 1, 'one redemption');
    assert.match(first[0]?.json().msg, /兑换成功，获得 30 天 VIP/);
    const vipEnd = ctx().clock.now() + 30 * DAY_IN_MS;
    for (const answer of answers) {
      assert.equal(answer.json().data.vipEndAt, vipEnd, 'never 60 days');
      assert.equal(answer.json().data.days, 30);
    }
    for (const repeat of answers.filter((a) => a.json().data.repeat))
      assert.match(repeat.json().msg, /这个兑换码你已兑换过（30 天 VIP），没有重复计入/);
    assert.equal(await redeemGrants(), grantsBefore + 1);

    // Typed again the next day: the same answer, nothing added (not 「每个账号最多兑换 1 个」).
    ctx().clock.advance(DAY_IN_MS);
    const later = await redeem(token, code as string);
    assert.equal(later.json().code, 200);
    assert.equal(later.json().data.repeat, true);
    assert.equal(later.json().data.vipEndAt, vipEnd);
    assert.equal(await redeemGrants(), grantsBefore + 1);
  });

  it('five sellers racing for one single-use code, each clicking twice: exactly one wins, once', async () => {
    const [code] = await codes(1, 7);
    const sellers: string[] = [];
    for (let i = 0; i < 5; i += 1) sellers.push(await seller());
    const grantsBefore = await redeemGrants();
    const answers = await Promise.all(
      sellers.flatMap((token, i) => [
        redeem(token, code as string, `10.95.3.${i}`).then((a) => ({ i, a })),
        redeem(token, code as string, `10.95.3.${i}`).then((a) => ({ i, a })),
      ]),
    );
    const won = answers.filter(({ a }) => a.json().code === 200);
    assert.equal(new Set(won.map(({ i }) => i)).size, 1, 'one seller has the code');
    assert.equal(won.length, 2, "the winner's two clicks both answer the redemption");
    assert.equal(won.filter(({ a }) => !a.json().data.repeat).length, 1);
    for (const { a } of answers.filter(({ a }) => a.json().code !== 200)) {
      assert.equal(a.statusCode, 400);
      assert.match(a.json().msg, /该兑换码已被使用/);
    }
    assert.equal(await redeemGrants(), grantsBefore + 1, 'one VIP grant');
  });
}

describe('兑换码 double clicks and races (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ ADMIN_PHONES: ADMIN });
  });
  after(() => ctx.close());
  redeemSuite(() => ctx);
});

describe('兑换码 double clicks and races (PostgreSQL)', () => {
  redeemSuite(usePostgresApp({ ADMIN_PHONES: ADMIN }));
});
