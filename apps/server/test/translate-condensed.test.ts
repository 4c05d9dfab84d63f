/**
 * A translation condensed to fit (render.ts's CONDENSED: taobao4's white 「原版正品」 box took its
 * three-word translation only with its letters 85% or 75% wide) is drawn so on the picture and in
 * the PSD, but the block the editor got back said nothing of it: the editor showed the text at
 * full width, running past its box over its neighbours. The block now carries its letter width,
 * from the very fit the picture was drawn with, also after the seller edits it and 重新生成.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { auth, get, post } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { boxLine, isCondensed, THREE_WORDS, whiteBoxInRed } from './fakes/condensed-box.ts';
import { translateUploaded } from './translate-helpers.ts';

/** taobao4's boxes low on a page with room above them for a heading to translate. */
const { whiteBox: WHITE_BOX, page } = whiteBoxInRed(800, 600, { x: 555, y: 435 });

/** The white box's line and a short one on the open page. */
const IN_WHITE_BOX = { x: WHITE_BOX.x + 3, y: WHITE_BOX.y, width: 69, height: 18 };
const ON_PAGE = { x: 60, y: 300, width: 60, height: 24 };

describe('图片翻译 · a condensed translation’s letter width', () => {
  it('comes back on the block as drawn; a block that fits comes back at 1', async () => {
    const background = await page().png().toBuffer();
    const drawn = await drawTranslation(
      background,
      [boxLine(1, THREE_WORDS, IN_WHITE_BOX), boxLine(2, 'Sale', ON_PAGE)],
      'en',
    );
    const [condensed, plain] = drawn.blocks;
    assert.ok(isCondensed(condensed?.horizontalScale), `horizontal scale ${condensed?.horizontalScale}`);
    // The scale the picture (and the PSD) was drawn with, not one guessed again.
    assert.equal(condensed?.horizontalScale, drawn.translations[0]?.fit.scale);
    assert.equal(plain?.horizontalScale, 1);
  });

  describe('through 重新生成 and 继续编辑', () => {
    let ctx: Awaited<ReturnType<typeof buildChatApp>>;
    let made: TranslateResult;
    before(async () => {
      ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
      // A heading to translate, so that the page is kept as a translation's erased picture.
      // Flattened first: sharp keeps only a pipeline's last composite, and writeChinese composites.
      const boxes = await page().png().toBuffer();
      const picture = await writeChinese(sharp(boxes), [
        { text: '防水透气', left: 60, top: 80, size: 48, color: '#1d3557' },
      ]);
      made = await translateUploaded(ctx.app, ctx.token, picture, { target: 'en', productText: 'translate' });
      assert.deepEqual([made.width, made.height], [800, 600]);
    });
    after(() => ctx?.close());

    const render = async (blocks: TranslatedBlock[]): Promise<TranslatedBlock[]> => {
      const body = { backgroundId: made.backgroundId, target: 'en', blocks };
      const answered = await post(ctx.app, '/api/v1/translate/render', body, auth(ctx.token));
      assert.equal(answered.statusCode, 200, answered.body);
      return answered.json().data.blocks;
    };

    it('sends the new fit’s width when the seller’s edit makes it condensed, and 1 again once it fits', async () => {
      assert.ok(made.blocks.length > 0 && made.blocks.every((b) => b.horizontalScale === 1));
      const [heading] = made.blocks as [TranslatedBlock];
      const squeezed = await render([heading, boxLine(99, THREE_WORDS, IN_WHITE_BOX)]);
      const edited = squeezed.find((b) => b.id === 99);
      assert.ok(isCondensed(edited?.horizontalScale), `horizontal scale ${edited?.horizontalScale}`);
      // 继续编辑 opens it as drawn.
      const opened = await get(ctx.app, `/api/v1/translate/${made.translationId}`, auth(ctx.token));
      const reopened = (opened.json().data as TranslateResult).blocks.find((b) => b.id === 99);
      assert.equal(reopened?.horizontalScale, edited?.horizontalScale);

      // The seller shortens it: drawn at full width again, whatever width it was sent with.
      const fits = await render([heading, { ...(edited as TranslatedBlock), text: 'Gift' }]);
      assert.equal(fits.find((b) => b.id === 99)?.horizontalScale, 1);
    });
  });
});
