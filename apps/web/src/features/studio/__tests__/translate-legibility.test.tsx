import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import {
  translatedBlock as block,
  eachTestAsTranslateSeller,
  translateResult,
} from '../../../test/translate-result';
import { renderTranslation } from '../api/render-translation';
import { translateImage } from '../api/translate-image';
import { TranslateScreen } from '../components/translate-screen';

vi.mock('../api/translate-image', () => ({ translateImage: vi.fn() }));
vi.mock('../api/render-translation', () => ({ renderTranslation: vi.fn() }));

/** A caption over a photo: the first line drawn with an outline, the second read back poorly. */
const RESULT = translateResult({
  blocks: [
    block(1, 'The most beautiful day', { outline: { color: '#000000', width: 2 } }),
    block(2, 'Was the one under your roof', { outline: null }),
  ],
  legibility: { words: 11, read: 5, unclear: [2] },
});

const translated = vi.mocked(translateImage);
const rendered = vi.mocked(renderTranslation);

eachTestAsTranslateSeller(translated, rendered);

const translate = async () => {
  translated.mockResolvedValue(RESULT);
  renderWithApp(<TranslateScreen />);
  fireEvent.change(screen.getByLabelText('选择图片'), {
    target: { files: [new File(['x'], '字幕.png', { type: 'image/png' })] },
  });
  await screen.findByText('1 块译文不易辨认');
};

describe('图片翻译: is the translation readable', () => {
  it('says which block reads poorly, and marks it in the editor', async () => {
    await translate();
    const marks = screen.getAllByText('不易辨认');
    expect(marks).toHaveLength(1);
    const item = marks[0]?.closest('li');
    expect(item?.querySelector('textarea')).toHaveValue('Was the one under your roof');
  });

  it('turns an outline on or off and sends it with 重新生成; the stale verdict goes away', async () => {
    await translate();
    expect(screen.getByRole('switch', { name: '第 1 块描边' })).toBeChecked();
    expect(screen.getByLabelText('第 1 块描边颜色')).toHaveValue('#000000');
    fireEvent.click(screen.getByRole('switch', { name: '第 1 块描边' }));
    fireEvent.click(screen.getByRole('switch', { name: '第 2 块描边' }));
    rendered.mockResolvedValue({
      resultId: 3,
      resultUrl: '/files/out2.png',
      backgroundUrl: RESULT.backgroundUrl,
      blocks: RESULT.blocks,
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
