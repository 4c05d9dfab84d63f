/**
 * Domain errors below, words above: imaging/ says a photo holds no product as a plain fact
 * (NoProductError: no Chinese, no result code, nothing about uses); work/seller-error.ts says it to
 * the seller in Chinese, and the use taken for the picture is given back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { NoProductError } from '../src/imaging/compose.ts';
import type { OcrEngine } from '../src/imaging/ocr/index.ts';
import { makeProductPictures } from '../src/imaging/product-recipe.ts';
import { AppError } from '../src/lib/app-error.ts';
import { nothingCharged, sellerError } from '../src/work/seller-error.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

const NO_PRODUCT = '没有在图片里找到产品，请换一张产品清晰、主体完整的照片';
const ocr: OcrEngine = { readLines: async () => [], close: async () => {} };
const blankPhoto = () =>
  productPhoto({ width: 300, height: 300, box: { left: 0, top: 0, width: 0, height: 0 } });

/** A logger that remembers what was logged as an error (a refusal of the picture is none). */
function recordingLog() {
  const errors: unknown[] = [];
  const ignore = () => {};
  const log = { error: (...args: unknown[]) => errors.push(args), warn: ignore, info: ignore, debug: ignore };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

describe('a photo without a product', () => {
  it('is a plain fact where the picture is cut: no Chinese, no result code', async () => {
    const failure = await makeProductPictures(
      { ocr, matting: new CornerColourMatting() },
      { photo: await blankPhoto() },
      { cutout: true, mainImages: ['amazon'] },
    ).catch((error: unknown) => error);
    assert.ok(failure instanceof NoProductError, String(failure));
    assert.ok(!(failure instanceof AppError), 'imaging throws no AppError');
    assert.doesNotMatch(failure.message, /\p{Script=Han}/u, 'imaging has no words for the seller');
  });

  it('reads to the seller as a 400 in Chinese, not as a broken service', () => {
    const { log, errors } = recordingLog();
    const said = sellerError(new NoProductError(), 'matting', log);
    assert.equal(said.code, ResultCode.badRequest);
    assert.equal(said.message, NO_PRODUCT);
    assert.deepEqual(errors, [], 'the seller’s photo is not our failure: nothing logged as an error');
    // 一键出海 adds that nothing was charged, before the advice.
    assert.equal(
      nothingCharged(said.message),
      '没有在图片里找到产品，本次不扣次数，请换一张产品清晰、主体完整的照片',
    );
  });

  describe('through 换背景', () => {
    let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
    let token: string;
    before(async () => {
      ctx = await buildAccountApp({}, { matting: new CornerColourMatting(), ocr });
      token = await registerUser(ctx, '13200000932', { ip: '10.9.3.2' });
    });
    after(() => ctx.close());

    it('answers 400 in Chinese and gives the replace use back', async () => {
      const response = await postForm(ctx.app, '/api/mokker/replace', token, { color: '#f5c6a5' }, [
        { name: '空白.png', bytes: await blankPhoto() },
      ]);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().msg, NO_PRODUCT);
      const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
      const replace = info.usage.find((u: { feature: string }) => u.feature === 'replace');
      assert.equal(replace.used, 0, 'the use taken for the picture is given back');
    });
  });
});
