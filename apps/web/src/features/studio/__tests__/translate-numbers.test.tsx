import { fireEvent, screen } from '@testing-library/react';
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

const translated = vi.mocked(translateImage);
const rendered = vi.mocked(renderTranslation);

eachTestAsTranslateSeller(translated, rendered);

const translate = async (result: ReturnType<typeof translateResult>) => {
  translated.mockResolvedValue(result);
  renderWithApp(<TranslateScreen />);
  fireEvent.change(screen.getByLabelText('选择图片'), {
    target: { files: [new File(['x'], '连衣裙.png', { type: 'image/png' })] },
  });
  await screen.findByText('未发现残留中文');
};

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
