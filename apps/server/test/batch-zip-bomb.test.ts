import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { BATCH_LIMITS, UPLOAD_LIMITS } from '@chuhai/contract';
import { strToU8, zipSync } from 'fflate';
import { auth, buildAccountApp, registerUser } from './account-helpers.ts';
import { makePng } from './fakes/png.ts';
import { signedHeaders } from './helpers.ts';
import { CornerColourMatting, multipart } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const MB = 1024 * 1024;
const STEPS = JSON.stringify({ cutout: true, marketplaces: ['amazon'], backgroundColor: null });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A ZIP bomb: `count` entries just under the 10 MB entry limit, about 10 KB each packed; each starts
 * like a PNG (so it is unpacked to the end) unless `plainZeros`.
 */
function bomb(count: number, plainZeros = false): Uint8Array {
  const zeros = new Uint8Array(BATCH_LIMITS.maxEntryBytes - 1);
  if (!plainZeros) zeros.set(PNG_SIGNATURE);
  const files: Record<string, [Uint8Array, { level: 9 }]> = {};
  for (let i = 0; i < count; i += 1) files[`zeros-${i}.png`] = [zeros, { level: 9 }];
  return zipSync(files);
}

/** The local header of `name` in `zip` says it unpacks to 1 KB (a lie the stream must catch). */
function understate(zip: Uint8Array, name: string): Uint8Array {
  const patched = zip.slice();
  const view = new DataView(patched.buffer);
  const label = strToU8(name);
  for (let at = 0; at < patched.length - 30; at += 1) {
    if (view.getUint32(at, true) !== 0x04034b50) continue;
    const nameLength = view.getUint16(at + 26, true);
    if (
      nameLength === label.length &&
      patched.subarray(at + 30, at + 30 + nameLength).every((b, i) => b === label[i])
    )
      view.setUint32(at + 22, 1024, true);
  }
  return patched;
}

describe('批量处理: a ZIP bomb', () => {
  let ctx: Ctx;
  let base: string;
  let token: string;
  before(async () => {
    ctx = await buildAccountApp({ BATCH_WORKERS: '0' }, { matting: new CornerColourMatting() });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    token = await registerUser(ctx, '13800007001', { ip: '10.95.0.1' });
  });
  after(() => ctx.close());

  async function uploadOverHttp(zip: Uint8Array) {
    const url = '/api/v1/batch/jobs';
    const { payload, contentType } = await multipart({ steps: STEPS }, [
      { field: 'files[]', name: 'catalogue.zip', bytes: Buffer.from(zip) },
    ]);
    const response = await fetch(base + url, {
      method: 'POST',
      headers: { ...signedHeaders(url), ...auth(token), 'content-type': contentType },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as { msg: string; data: unknown } };
  }

  it('unpacks off the event loop: other requests are answered throughout, and the unpacked total is capped', async (t) => {
    const entries = Math.ceil(BATCH_LIMITS.maxUnpackedBytes / BATCH_LIMITS.maxEntryBytes) + 1;
    const zip = bomb(entries);
    assert.ok(zip.length < MB, `${zip.length} bytes packed`);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let uploading = true;
    const pings: number[] = [];
    const pinger = (async () => {
      while (uploading) {
        const sent = performance.now();
        await fetch(`${base}/api/users`);
        pings.push(performance.now() - sent);
      }
    })();
    const upload = await uploadOverHttp(zip);
    uploading = false;
    loopDelay.disable();
    await pinger;

    // Counted, not timed: the old intake unpacked each chunk's entries on the event loop and let 4
    // requests through in all; off the loop, requests go on being answered while the bomb unpacks.
    assert.ok(pings.length >= 20, `${pings.length} pings answered during the upload`);
    t.diagnostic(
      `${pings.length} pings, slowest ${Math.max(...pings).toFixed(0)} ms; event loop held up to ${(loopDelay.max / 1e6).toFixed(0)} ms`,
    );
    assert.equal(upload.status, 400, JSON.stringify(upload.body).slice(0, 300));
    const refused = upload.body.data as { name: string; reason: string }[];
    assert.ok(
      refused.some((r) => r.name === 'catalogue.zip' && /解压后的总量超过 600 MB/.test(r.reason)),
      JSON.stringify(refused.slice(-3)),
    );
  });

  it('stops an entry that is no image after its first unpacked bytes', async () => {
    const { body } = await uploadOverHttp(bomb(3, true));
    const refused = body.data as { name: string; reason: string }[];
    assert.deepEqual(
      refused.map((r) => r.reason),
      Array(3).fill(
        `文件内容不是图片（可能只是改了扩展名），请上传 ${UPLOAD_LIMITS.formats.join('、')} 格式的图片`,
      ),
    );
  });

  it('refuses an entry that says it is over 10 MB before unpacking it, and stops one that lies at 10 MB', async () => {
    const pngLike = new Uint8Array(12 * MB);
    pngLike.set(PNG_SIGNATURE);
    const zip = understate(
      zipSync({
        'big.png': [pngLike, { level: 9 }],
        'liar.png': [pngLike, { level: 9 }],
        'note.txt': strToU8('not an image'),
      }),
      'liar.png',
    );
    const { body } = await uploadOverHttp(zip);
    // Nothing in it is an image: the job is refused, with each file's reason.
    const reasons = Object.fromEntries(
      (body.data as { name: string; reason: string }[]).map((r) => [r.name, r.reason]),
    );
    assert.match(reasons['big.png'] ?? JSON.stringify(body), /解压后有 12\.0 MB，超过 10 MB 的上限/);
    assert.match(reasons['liar.png'] ?? JSON.stringify(body), /解压后超过 10 MB，已跳过/);
  });
});

describe('批量处理: a ZIP cut off in the middle of an entry', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ BATCH_WORKERS: '0' }, { matting: new CornerColourMatting() });
  });
  after(() => ctx.close());

  it('answers, keeping what was whole and naming the rest', async () => {
    const token = await registerUser(ctx, '13800007002', { ip: '10.95.0.2' });
    const photo = makePng(64, 64, () => [200, 40, 40]);
    const noise = new Uint8Array(300_000).map((_, i) => (i * 2654435761) >>> 24);
    noise.set(PNG_SIGNATURE);
    const whole = zipSync({ 'a.png': new Uint8Array(photo), 'b.png': [noise, { level: 6 }] });
    // The upload stops halfway through the second entry's packed bytes.
    const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
    const { payload, contentType } = await multipart({ steps: STEPS }, [
      { field: 'files[]', name: 'catalogue.zip', bytes: Buffer.from(cut) },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batch/jobs',
      payload,
      headers: { ...signedHeaders('/api/v1/batch/jobs'), ...auth(token), 'content-type': contentType },
    });
    assert.equal(response.statusCode, 200, response.body);
    const job = response.json().data;
    assert.equal(job.total, 1, 'a.png was whole');
    assert.ok(job.refused.length >= 1, JSON.stringify(job.refused));
  });
});
