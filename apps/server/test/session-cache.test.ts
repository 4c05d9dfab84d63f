import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { auth, buildAccountApp, get, PASSWORD, post, registerUser } from './account-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * A session read in the last second answers the next requests without the database
 * (modules/account/session-cache.ts); a revocation on this node is still refused at once, one on
 * another node within the second.
 */
describe('sessions kept for a second', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  const info = (token: string) => get(ctx.app, '/api/v1/info', auth(token));

  it('refuses a session signed out on this node at once, though it was just read', async () => {
    const token = await registerUser(ctx, '13500002001', { ip: '10.31.0.1' });
    assert.equal((await info(token)).json().code, 200);
    assert.equal((await post(ctx.app, '/api/v1/logout/', {}, auth(token))).statusCode, 200);
    assert.equal((await info(token)).json().code, 400002);
  });

  it('refuses every other device at once when the seller signs them all out', async () => {
    const phone = '13500002002';
    const office = await registerUser(ctx, phone, { ip: '10.31.0.2' });
    const mobile = (await post(ctx.app, '/api/v1/login/', { phone, password: PASSWORD })).json().data.token;
    assert.equal((await info(office)).json().code, 200);
    assert.equal((await info(mobile)).json().code, 200);
    assert.equal(
      (await post(ctx.app, '/api/v1/sessions/revoke', { all: true }, auth(mobile))).statusCode,
      200,
    );
    assert.equal((await info(office)).json().code, 400002);
    assert.equal((await info(mobile)).json().code, 200, 'the device that asked stays signed in');
  });

  it('reads a session once a second: a revocation written by another node holds within the second', async () => {
    const token = await registerUser(ctx, '13500002003', { ip: '10.31.0.3' });
    assert.equal((await info(token)).json().code, 200);
    // Another node (same database) revokes it: this node's kept row still answers for under a second…
    await ctx.app.deps.db.updateTable('sessions').set({ revoked_at: ctx.clock.now() }).execute();
    assert.equal((await info(token)).json().code, 200, 'the session was read again at once');
    // …and is read again after it.
    await sleep(1_100);
    assert.equal((await info(token)).json().code, 400002);
  });

  it('still slides a kept session forward when it is due, and ends it when it is not renewed', async () => {
    const token = await registerUser(ctx, '13500002005', { ip: '10.31.0.5' });
    assert.equal((await info(token)).json().code, 200);
    const read = () =>
      ctx.app.deps.db
        .selectFrom('sessions')
        .select(['last_seen_at', 'expires_at'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const before = await read();
    // 29 days on (past the 10-minute touch, short of the 30-day lifetime): the answer writes the slide.
    ctx.clock.advance(29 * 24 * 3600 * 1000);
    assert.equal((await info(token)).json().code, 200);
    const after = await read();
    assert.equal(after.last_seen_at, ctx.clock.now());
    assert.ok(after.expires_at > before.expires_at, 'the session now ends later');
    // 29 more days: alive only because it slid.
    ctx.clock.advance(29 * 24 * 3600 * 1000);
    assert.equal((await info(token)).json().code, 200);
  });

  it('still ends a kept session at its expiry, judged on every request', async () => {
    const token = await registerUser(ctx, '13500002004', { ip: '10.31.0.4' });
    assert.equal((await info(token)).json().code, 200);
    ctx.clock.advance(91 * 24 * 3600 * 1000);
    assert.equal((await info(token)).json().code, 400003);
  });
});
