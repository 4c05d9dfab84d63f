import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { smsCodeSignature } from '@chuhai/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { signedHeaders } from '../test/helpers.ts';
import { productPhoto } from '../test/studio-helpers.ts';
import { type Cluster, startCluster, until } from './cluster.ts';

/**
 * `npm run test:scale`: two app nodes behind real nginx on real PostgreSQL and an S3-protocol store,
 * driven through nginx as a browser would, with one node killed mid-traffic at the end.
 */
/** An envelope's `data`, whatever its shape. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the answer has
const dataOf = async (response: Response): Promise<any> =>
  ((await response.json()) as { data: unknown }).data;

describe('two nodes behind nginx', { timeout: 300_000 }, () => {
  let cluster: Cluster;
  let token = '';
  before(async () => {
    cluster = await startCluster();
  });
  after(() => cluster?.stop());

  async function call(
    base: string,
    path: string,
    init: { method?: string; body?: unknown; accept?: string } = {},
  ) {
    const headers: Record<string, string> = {
      ...signedHeaders(path),
      accept: init.accept ?? 'application/json',
    };
    if (token) headers.token = token;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  it('registers through nginx, and the session works on both nodes', async () => {
    const phone = '13800008800';
    const challenge = await dataOf(await call(cluster.nginx, '/api/v1/captcha'));
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const ts = Math.floor(Date.now() / 1000);
    const sent = await call(cluster.nginx, '/api/v1/code/', {
      body: { phone, type: 1, ts, sign: smsCodeSignature(phone, ts), captcha },
    });
    assert.equal(sent.status, 200, await sent.clone().text());
    await until(async () => cluster.smsCode(phone) !== null, 'the SMS code in a node log');
    const registered = await call(cluster.nginx, '/api/v1/register/', {
      body: { phone, code: cluster.smsCode(phone), password: 'Seller2026go' },
    });
    assert.equal(registered.status, 200, await registered.clone().text());
    token = (await dataOf(registered)).token;

    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const info = await call(cluster.nginx, '/api/v1/info');
      assert.equal(info.status, 200);
      servedBy.add(info.headers.get('x-served-by') ?? '?');
    }
    assert.deepEqual([...servedBy].sort(), ['a', 'b'], 'nginx spreads requests over both nodes');
    for (const node of cluster.nodes)
      assert.equal((await call(node.url, '/api/v1/info')).status, 200, `session on ${node.name}`);
  });

  it('streams a chat answer through nginx piece by piece, not buffered', async () => {
    const started = Date.now();
    const response = await call(cluster.nginx, '/api/v1/sendMsg/', {
      body: { content: '[slow] 两个节点' },
      accept: 'text/event-stream',
    });
    assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
    const arrivals: number[] = [];
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      const piece = decoder.decode(chunk, { stream: true });
      if (piece.includes('event: text')) arrivals.push(Date.now() - started);
      text += piece;
    }
    assert.match(text, /event: done/);
    assert.ok(arrivals.length >= 10, `${arrivals.length} separate arrivals`);
    assert.ok(
      (arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0) > 1500,
      `spread over ${(arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)} ms`,
    );
  });

  it('a cut-out made on node a is downloaded through a link node b serves', async () => {
    const [a, b] = cluster.nodes;
    const form = new FormData();
    const photo = await productPhoto({
      width: 600,
      height: 400,
      box: { left: 150, top: 100, width: 300, height: 200 },
    });
    form.append('upload[]', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
    const made = await fetch(`${a.url}/api/v1/remove/remove`, {
      method: 'POST',
      headers: { ...signedHeaders('/api/v1/remove/remove'), token },
      body: form,
    });
    const result = await dataOf(made);
    assert.ok(result?.cutout?.url, JSON.stringify(result));
    const file = await fetch(`${b.url}${result.cutout.url}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    assert.ok((await file.arrayBuffer()).byteLength > 1000);
  });

  it('a payment created on node a and confirmed twice at once on node b is granted once', async () => {
    const [a, b] = cluster.nodes;
    const { order } = await dataOf(
      await call(a.url, '/api/v1/pay/', { body: { productId: 'vip-month', channel: 'sandbox' } }),
    );
    const cashier = await (await fetch(`${a.url}/pay/sandbox/${order.orderNo}`)).text();
    const fields = Object.fromEntries(
      [...cashier.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1],
        (m[2] as string).replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      ]),
    );
    const confirm = () =>
      fetch(`${b.url}/pay/sandbox/${order.orderNo}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const confirmed = await Promise.all([confirm(), confirm()]);
    assert.ok(
      confirmed.every((r) => r.status < 400),
      confirmed.map((r) => r.status).join(),
    );
    const client = new pg.Client({ connectionString: cluster.pg.url });
    await client.connect();
    const grants = await client.query(
      'SELECT count(*)::int AS n FROM consumer_levels WHERE source_ref = $1',
      [order.orderNo],
    );
    await client.end();
    assert.equal(grants.rows[0].n, 1);
    const info = await dataOf(await call(cluster.nginx, '/api/v1/info'));
    assert.equal(info.isVip, true);
  });

  it('batch images queued through nginx are each matted exactly once by the two nodes together', async () => {
    const form = new FormData();
    form.append('steps', JSON.stringify({ cutout: false, marketplaces: ['amazon'], backgroundColor: null }));
    for (let n = 0; n < 6; n += 1) {
      const photo = await productPhoto({
        width: 500,
        height: 400,
        box: { left: 100 + n * 10, top: 100, width: 250, height: 200 },
      });
      form.append('files[]', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `${n}.png`);
    }
    const before = cluster.rembg.seen.length;
    const created = await fetch(`${cluster.nginx}/api/v1/batch/jobs`, {
      method: 'POST',
      headers: { ...signedHeaders('/api/v1/batch/jobs'), token },
      body: form,
    });
    const job = await dataOf(created);
    assert.equal(job.total, 6);
    await until(
      async () =>
        (await dataOf(await call(cluster.nginx, `/api/v1/batch/jobs/${job.id}`))).job.status === 'done',
      'the batch job',
    );
    assert.equal(cluster.rembg.seen.length - before, 6, 'six images, six matting calls: none taken twice');
  });

  it("an image a dead node left behind is handed out again by the nodes' sweeps, and matted once", async () => {
    const client = new pg.Client({ connectionString: cluster.pg.url });
    await client.connect();
    const user = (await client.query("SELECT id FROM users WHERE phone = '13800008800'")).rows[0].id;
    const now = Date.now();
    const job = (
      await client.query(
        `INSERT INTO batch_jobs (user_id, status, steps, total, refused, created_at, ended_at, expires_at)
         VALUES ($1, 'running', $2, 1, '[]', $3, NULL, $4) RETURNING id`,
        [
          user,
          JSON.stringify({ cutout: false, marketplaces: ['amazon'], backgroundColor: null }),
          now,
          now + 86_400_000,
        ],
      )
    ).rows[0].id;
    const key = `u/${user}/batch/${job}/in/1.png`;
    cluster.s3.objects.set(`/chuhai/${key}`, {
      body: await productPhoto({
        width: 500,
        height: 400,
        box: { left: 100, top: 100, width: 250, height: 200 },
      }),
      contentType: 'image/png',
    });
    // Claimed ten minutes ago by a node that has since died, its queue message gone with it.
    await client.query(
      `INSERT INTO batch_items (job_id, user_id, name, original_key, status, reason, checks, results, claimed_at, updated_at)
       VALUES ($1, $2, 'left-behind.png', $3, 'processing', '', '[]', '[]', $4, $4)`,
      [job, user, key, now - 600_000],
    );
    const before = cluster.rembg.seen.length;
    // Both nodes sweep every minute (batch.requeue-stale); whichever comes first hands it out. Two
    // sweeps' time and then some: the first may fall just before the row is written, and a CI run
    // under load once needed more than 90 s.
    await until(
      async () =>
        (await client.query('SELECT status FROM batch_items WHERE job_id = $1', [job])).rows[0].status ===
        'done',
      'the sweep to hand the image out again',
      150_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(cluster.rembg.seen.length - before, 1, 'matted once, though two nodes sweep');
    const charged = await client.query(
      "SELECT count(*)::int AS n FROM usage_ledger WHERE user_id = $1 AND feature = 'cutout'",
      [user],
    );
    await client.end();
    // One cut-out before (the cut-out test), six batch images, and this one.
    assert.equal(charged.rows[0].n, 8);
  });

  it('with node a killed mid-traffic, every read is still answered (by b)', async () => {
    const [a] = cluster.nodes;
    const answers: { status: number; node: string | null }[] = [];
    for (let i = 0; i < 40; i += 1) {
      if (i === 10) a.process.kill('SIGKILL');
      const response = await call(cluster.nginx, '/api/v1/info');
      answers.push({ status: response.status, node: response.headers.get('x-served-by') });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(
      answers.filter((r) => r.status !== 200),
      [],
      'nginx moves reads to the node still up',
    );
    assert.ok(answers.slice(12).every((r) => r.node === 'b'));
  });
});
