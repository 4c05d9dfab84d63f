import { TRANSLATE_LANGUAGES } from '@chuhai/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import HomeScreen from '../home';

beforeEach(() => {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  fakeApi({
    '/api/v1/limits': () => ok({ free: { chat: 20, draw: 2 }, vip: { chat: 300, draw: 50 } }),
    '/api/v1/announcements': () => ok([]),
    '/product.json': () => ({ body: { currency: 'CNY', plans: [] } }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the home page', () => {
  it('counts the languages 图片翻译 offers (Thai, Vietnamese… among them), not a number written once', () => {
    renderWithApp(<HomeScreen />);
    const card = screen.getByRole('heading', { name: '图片翻译' }).closest('a') as HTMLElement;
    expect(
      within(card).getByText(new RegExp(`泰、越等 ${TRANSLATE_LANGUAGES.length} 种语言`)),
    ).toBeInTheDocument();
  });

  it('offers 一键出海 among the tools, linking to it', () => {
    renderWithApp(<HomeScreen />);
    const card = screen.getByRole('heading', { name: '一键出海' }).closest('a') as HTMLElement;
    expect(card).toHaveAttribute('href', '/localise');
    expect(within(card).getByText(/逐条检查能不能上架/)).toBeInTheDocument();
  });
});
