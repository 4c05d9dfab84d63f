import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkFileLink, signedFileUrl } from '../src/lib/file-links.ts';
import { imageInfo } from '../src/lib/image-size.ts';
import { isSafeKey } from '../src/providers/storage/file-store.ts';
import { localFileStore } from '../src/providers/storage/local-file-store.ts';
import { s3FileStore } from '../src/providers/storage/s3-file-store.ts';
import { auth, buildAccountApp, post, registerUser } from './account-helpers.ts';
import { startFakeImageProviders } from './fakes/fake-image-providers.ts';
import { type FakeS3, startFakeS3 } from './fakes/fake-s3.ts';
import { makePng } from './fakes/png.ts';
import { tempDir } from './helpers.ts';

const PNG = makePng(4, 3, () => [10, 20, 30]);

describe('file stores', () => {
  let s3: FakeS3;
  before(async () => {
    s3 = await startFakeS3();
  });
  after(() => s3.close());

  const stores = () => {
    const dir = tempDir('files');
    return [
      { name: 'local disk', store: localFileStore(dir.dir) },
      {
        name: 'S3-compatible',
        store: s3FileStore({
          kind: 's3',
          endpoint: s3.url,
          bucket: 'chuhai',
          region: 'us-east-1',
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'secret',
          forcePathStyle: true,
        }),
      },
    ];
  };

  it('put, get and delete the same bytes on both stores; a missing file is null', async () => {
    for (const { name, store } of stores()) {
      await store.put('u/1/draw/a.png', PNG, 'image/png');
      const file = await store.get('u/1/draw/a.png');
      assert.deepEqual(file?.bytes, PNG, name);
      assert.equal(file?.contentType, 'image/png', name);
      await store.delete('u/1/draw/a.png');
      assert.equal(await store.get('u/1/draw/a.png'), null, name);
    }
    assert.ok(
      s3.authorizations.every((a) => a.startsWith('AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/')),
      'SigV4-signed',
    );
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'u/1/../../x.png', '/abs.png', 'u/1/a.exe', 'u/1/a b.png']) {
      assert.equal(isSafeKey(key), false, key);
    }
    await assert.rejects(() => localFileStore('/tmp/x').put('../x.png', PNG, 'image/png'));
  });

  it('file links: signed, expiring, bound to their key', () => {
    const url = signedFileUrl('u/1/draw/a.png', 'k', 1000, 500);
    const [, query] = url.split('?');
    const params = new URLSearchParams(query);
    const exp = params.get('exp') ?? '';
    const sig = params.get('sig') ?? '';
    assert.equal(checkFileLink('u/1/draw/a.png', exp, sig, 'k', 1200), 'ok');
    assert.equal(checkFileLink('u/1/draw/a.png', exp, sig, 'k', 1600), 'expired');
    assert.equal(checkFileLink('u/2/draw/a.png', exp, sig, 'k', 1200), 'invalid');
    assert.equal(checkFileLink('u/1/draw/a.png', String(Number(exp) + 1000), sig, 'k', 1200), 'invalid');
    assert.equal(checkFileLink('u/1/draw/a.png', exp, sig, 'other-secret', 1200), 'invalid');
  });

  it('reads the size of PNG, JPEG and WebP headers and nothing else', () => {
    assert.deepEqual(imageInfo(PNG), { format: 'png', width: 4, height: 3 });
    const jpeg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc0001108002a003c03012200021101031101',
      'hex',
    );
    assert.deepEqual(imageInfo(jpeg), { format: 'jpeg', width: 60, height: 42 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    assert.deepEqual(imageInfo(webp), { format: 'webp', width: 100, height: 50 });
    assert.equal(imageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null);
  });

  it('with STORAGE=s3 a drawing is stored in the bucket and served through its signed link', async () => {
    const images = await startFakeImageProviders();
    const ctx = await buildAccountApp({
      STORAGE: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'chuhai',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_PROVIDER: 'sdwebui',
      IMAGE_BASE_URL: images.url,
    });
    try {
      const token = await registerUser(ctx, '13100000099');
      const image = (await post(ctx.app, '/api/v1/createImage/', { prompt: '海报' }, auth(token))).json()
        .data;
      const key = image.url.split('?')[0].replace('/files/', '');
      assert.ok(s3.objects.has(`/chuhai/${key}`), 'the object is in the bucket');
      const file = await ctx.app.inject({ method: 'GET', url: image.url });
      assert.equal(file.statusCode, 200);
      assert.equal(imageInfo(file.rawPayload)?.format, 'png');
    } finally {
      await ctx.close();
      await images.close();
    }
  });
});
