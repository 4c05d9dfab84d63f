import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { BackgroundScreen } from '../components/background-screen';
import { CutoutScreen } from '../components/cutout-screen';
import { TranslateScreen } from '../components/translate-screen';

/** What every 智能做图 screen asks for before the seller has done anything. */
const EMPTY_STUDIO = {
  '/api/v1/info': () => ok(null),
  '/api/v1/studio/images': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
  '/api/v1/translate/glossary': () => ok([]),
  '/api/mokker/category': () => ok([{ id: 'studio', name: '影棚', count: 1 }]),
  '/api/mokker/backgrounds': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 }),
};

/** Each tool: its example's title, the screen, what trying it counts as, and its two pictures. */
const TOOLS: [string, () => ReactElement, string, [string, string]][] = [
  ['抠图示例', () => <CutoutScreen />, '用示例图片抠图同样计 1 次', ['serum-before', 'serum-cutout']],
  ['换背景示例', () => <BackgroundScreen />, '用示例图片换背景同样计 1 次', ['serum-before', 'serum-window']],
  [
    '图片翻译示例',
    () => <TranslateScreen />,
    '用示例图片翻译同样计 1 次',
    ['supplier-before', 'supplier-after'],
  ],
];

afterEach(signOutOfStudio);

describe('智能做图: the example before the seller has used a tool', () => {
  for (const [title, screenOf, counted, pictures] of TOOLS) {
    it(`${title}: 用示例图片试试 says that trying it counts as a use of that tool, or that signing in comes first`, async () => {
      openStudioAsSeller(EMPTY_STUDIO);
      const signedIn = renderWithApp(screenOf());
      const example = await screen.findByRole('region', { name: title });
      expect(within(example).getByRole('button', { name: /用示例图片试试/ })).toBeEnabled();
      expect(example).toHaveTextContent(counted);
      // Before and after are the bundled files that tool's example was made from.
      const shown = within(example)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')?.match(/examples\/([\w-]+)\.webp$/)?.[1]);
      expect(shown).toEqual(pictures);
      signedIn.unmount();

      useAuthStore.getState().clear();
      fakeApi(EMPTY_STUDIO);
      renderWithApp(screenOf());
      const signedOut = await screen.findByRole('region', { name: title });
      expect(signedOut).toHaveTextContent('登录后即可试用');
      expect(signedOut).not.toHaveTextContent('同样计 1 次');
    });
  }
});
