import type { TranslateResult } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { choosePicture } from '../../../test/studio-seller';
import {
  translatedBlock as block,
  eachTestAsTranslateSeller,
  translateResult,
} from '../../../test/translate-result';
import { renderTranslation } from '../api/render-translation';
import { translateImage } from '../api/translate-image';
import { TranslateScreen } from '../components/translate-screen';

// What a finished translation asks the seller to look at again: blocks that read poorly, numbers
// the server put back. Both are notices on the same result, so they share its setup.
vi.mock('../api/translate-image', () => ({ translateImage: vi.fn() }));
vi.mock('../api/render-translation', () => ({ renderTranslation: vi.fn() }));

/** A caption over a photo: the first line drawn with an outline, the second read back poorly. */
const CAPTION = translateResult({
  blocks: [
    block(1, 'The most beautiful day', { outline: { color: '#000000', width: 2 } }),
    block(2, 'Was the one under your roof', { outline: null }),
  ],
  legibility: { words: 11, read: 5, unclear: [2] },
});

const translated = vi.mocked(translateImage);
const rendered = vi.mocked(renderTranslation);

eachTestAsTranslateSeller(translated, rendered);

/** Translates a picture into `result` and waits for it on screen (nothing left in Chinese). */
const translate = async (result: TranslateResult) => {
  translated.mockResolvedValue(result);
  renderWithApp(<TranslateScreen />);
  choosePicture('商品图.png');
  await screen.findByText('未发现残留中文');
};

describe('图片翻译: is the translation readable', () => {
  it('says which block reads poorly, and marks it in the editor', async () => {
    await translate(CAPTION);
    expect(screen.getByText('1 块译文不易辨认')).toBeInTheDocument();
    const marks = screen.getAllByText('不易辨认');
    expect(marks).toHaveLength(1);
    const item = marks[0]?.closest('li');
    expect(item?.querySelector('textarea')).toHaveValue('Was the one under your roof');
  });

  it('turns an outline on or off and sends it with 重新生成; the stale verdict goes away', async () => {
    await translate(CAPTION);
    expect(screen.getByRole('switch', { name: '第 1 块描边' })).toBeChecked();
    expect(screen.getByLabelText('第 1 块描边颜色')).toHaveValue('#000000');
    fireEvent.click(screen.getByRole('switch', { name: '第 1 块描边' }));
    fireEvent.click(screen.getByRole('switch', { name: '第 2 块描边' }));
    rendered.mockResolvedValue({
      resultId: 3,
      resultUrl: '/files/out2.png',
      backgroundUrl: CAPTION.backgroundUrl,
      blocks: CAPTION.blocks,
      residual: { count: 0, boxes: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: /重新生成/ }));
    await waitFor(() => expect(rendered).toHaveBeenCalled());
    const sent = rendered.mock.calls[0]?.[0].blocks ?? [];
    expect(sent[0]?.outline).toBeNull();
    // White text: a new outline is black, 8% of the size (at least 2 px).
    expect(sent[1]?.outline).toEqual({ color: '#000000', width: 2 });
    await waitFor(() => expect(screen.queryByText('1 块译文不易辨认')).not.toBeInTheDocument());
  });
});

describe('图片翻译: numbers the server put back', () => {
  it('tells the seller how many numbers were put back, to check them', async () => {
    await translate(
      translateResult({
        blocks: [block(1, 'Price ¥168', { source: '限时特惠 168元' })],
        restoredNumbers: [{ source: '限时特惠 168元', added: ['¥168'] }],
      }),
    );
    expect(screen.getByText('1 处数字已补回，请核对')).toBeInTheDocument();
  });

  it('says nothing when the translation kept every number', async () => {
    await translate(translateResult({ blocks: [block(1, '¥168')], restoredNumbers: [] }));
    expect(screen.queryByText(/数字已补回/)).not.toBeInTheDocument();
  });
});

describe('图片翻译: Chinese kept as it was on purpose', () => {
  /** A mattress poster: its selling line translated, the brand's logos left in Chinese. */
  const POSTER = translateResult({
    blocks: [block(1, 'Limited: 20 more', { source: '限量追加20名' })],
    kept: [
      { text: 'KING\nKOIL.', box: { x: 158, y: 46, width: 57, height: 33 }, reason: 'no-chinese' },
      { text: '狂暑季', box: { x: 287, y: 61, width: 79, height: 34 }, reason: 'keep' },
      { text: '金可儿床垫', box: { x: 156, y: 88, width: 66, height: 20 }, reason: 'keep' },
    ],
  });

  it('says Chinese is still on the picture, and which, beside 未发现残留中文', async () => {
    await translate(POSTER);
    const tag = screen.getByText('2 处中文按原样保留');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '品牌标志和不译的词按原样保留，不算残留中文：狂暑季、金可儿床垫',
    );
  });

  it('says nothing when only Latin text was left as it was', async () => {
    await translate({ ...POSTER, kept: POSTER.kept.filter((k) => k.reason === 'no-chinese') });
    expect(screen.queryByText(/按原样保留/)).not.toBeInTheDocument();
  });
});
