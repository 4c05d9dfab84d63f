import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { choosePicture } from '../../../test/studio-seller';
import { eachTestAsTranslateSeller, translatedBlock, translateResult } from '../../../test/translate-result';
import { renderTranslation } from '../api/render-translation';
import { translateImage } from '../api/translate-image';
import { TranslateScreen } from '../components/translate-screen';

vi.mock('../api/translate-image', () => ({ translateImage: vi.fn() }));
vi.mock('../api/render-translation', () => ({ renderTranslation: vi.fn() }));

const box = (x: number) => ({ x, y: 10, width: 40, height: 20 });

/** A bottle's translation: one selling point translated, its label and a price kept. */
const RESULT = translateResult({
  blocks: [
    translatedBlock(1, 'Rich in minerals', {
      source: '富含矿物质',
      box: box(10),
      color: '#222222',
      bold: true,
    }),
  ],
  kept: [
    { text: '山泉水', box: box(200), reason: 'product' },
    { text: '天然矿泉', box: box(250), reason: 'product' },
    { text: '¥29', box: box(300), reason: 'no-chinese' },
  ],
});

const translated = vi.mocked(translateImage);
const rendered = vi.mocked(renderTranslation);

eachTestAsTranslateSeller(translated, rendered);

const choose = () => choosePicture('瓶子.png');
const productTextSent = (call: number) => translated.mock.calls[call]?.[1].productText;

describe('图片翻译: text on the product', () => {
  it('keeps it by default, says how many were kept and which, and translates them on request', async () => {
    translated.mockResolvedValue(RESULT);
    renderWithApp(<TranslateScreen />);
    const keep = screen.getByRole('checkbox', { name: '保留商品上的文字' });
    expect(keep).toBeChecked();
    choose();
    expect(await screen.findByText('商品上的文字 2 处已保留')).toBeInTheDocument();
    expect(productTextSent(0)).toBe('keep');
    expect(screen.getByText('商品上的文字已保留（绿色虚线框）：山泉水、天然矿泉')).toBeInTheDocument();

    translated.mockResolvedValue({ ...RESULT, productText: 'translate', kept: [] });
    fireEvent.click(screen.getByRole('button', { name: '也翻译商品上的文字' }));
    fireEvent.click(await screen.findByRole('button', { name: '一起翻译' }));
    await waitFor(() => expect(translated).toHaveBeenCalledTimes(2));
    expect(productTextSent(1)).toBe('translate');
    expect(translated.mock.calls[1]?.[0].name).toBe('瓶子.png');
    expect(keep).not.toBeChecked();
    await waitFor(() => expect(screen.queryByText(/商品上的文字 \d 处已保留/)).not.toBeInTheDocument());
  });

  it('translates it with the rest when the seller unticks the box first', async () => {
    translated.mockResolvedValue({ ...RESULT, productText: 'translate', kept: [] });
    renderWithApp(<TranslateScreen />);
    fireEvent.click(screen.getByRole('checkbox', { name: '保留商品上的文字' }));
    choose();
    await waitFor(() => expect(translated).toHaveBeenCalledTimes(1));
    expect(productTextSent(0)).toBe('translate');
    expect(screen.queryByRole('button', { name: '也翻译商品上的文字' })).not.toBeInTheDocument();
  });

  it('drawing the edits again tells the server which Chinese was kept on purpose', async () => {
    translated.mockResolvedValue(RESULT);
    rendered.mockResolvedValue({
      resultId: 3,
      resultUrl: '/files/out-2.png',
      backgroundUrl: RESULT.backgroundUrl,
      blocks: RESULT.blocks,
      residual: RESULT.residual,
    });
    renderWithApp(<TranslateScreen />);
    choose();
    fireEvent.change(await screen.findByLabelText('第 1 块译文'), { target: { value: 'Mineral-rich' } });
    fireEvent.click(screen.getByRole('button', { name: /重新生成/ }));
    await waitFor(() => expect(rendered).toHaveBeenCalledTimes(1));
    expect(rendered.mock.calls[0]?.[0].kept).toEqual(['山泉水', '天然矿泉']);
  });
});
