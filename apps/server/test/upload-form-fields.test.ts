import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildAccountApp, registerUser } from './account-helpers.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

// The upload routes' fields are declared as schemas (readForm); a bad field is still refused with
// the same Chinese 400 as when each route parsed it by hand, before any use is taken.
describe('upload forms: fields checked by readForm', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let token: string;
  let photo: Buffer;
  const refused = async (url: string, fields: Record<string, string>, files = 1) => {
    const uploads = Array.from({ length: files }, (_, i) => ({ name: `图${i}.png`, bytes: photo }));
    const response = await postForm(ctx.app, url, token, fields, uploads);
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().code, 400);
    return response.json().msg as string;
  };

  before(async () => {
    ctx = await buildAccountApp({}, { matting: new CornerColourMatting() });
    token = await registerUser(ctx, '13300000031', { ip: '10.8.3.1' });
    photo = await productPhoto({
      width: 400,
      height: 300,
      box: { left: 100, top: 80, width: 200, height: 140 },
    });
  });
  after(() => ctx.close());

  it('抠图: a cutoutId that is not a number, a second photo, an unknown preset or allParts', async () => {
    assert.equal(await refused('/api/v1/remove/remove', { cutoutId: '12a' }), 'cutoutId 应为数字编号');
    assert.equal(await refused('/api/v1/remove/remove', {}, 2), '抠图一次处理一张图片，请逐张上传');
    assert.match(await refused('/api/v1/remove/remove', { preset: 'ebayy' }), /^preset 只能是 amazon/);
    assert.equal(
      await refused('/api/v1/remove/remove', { allParts: 'yes' }),
      'allParts 只能是 1（这些都是商品）或 0',
    );
  });

  it('修补: cutoutId is required and a number', async () => {
    assert.equal(await refused('/api/v1/remove/mask', {}), 'cutoutId 应为数字编号');
    assert.equal(await refused('/api/v1/remove/mask', { cutoutId: ' 1.5 ' }), 'cutoutId 应为数字编号');
  });

  it('图片翻译: a second image, or a productText that is neither keep nor translate', async () => {
    assert.equal(
      await refused('/api/v1/translate/image', { target: 'en' }, 2),
      '图片翻译一次处理一张图片，请逐张上传',
    );
    assert.match(
      await refused('/api/v1/translate/image', { target: 'en', productText: 'all' }),
      /^productText 只能是/,
    );
  });
});
