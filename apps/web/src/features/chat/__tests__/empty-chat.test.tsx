import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { EmptyChat } from '../components/empty-chat';

afterEach(() => vi.unstubAllGlobals());

describe('a new conversation', () => {
  it('points to the prompt library where it is: beside the chat on a wide screen', () => {
    screenWidth(1440);
    renderWithApp(<EmptyChat onExample={() => {}} />);
    expect(screen.getByText(/右侧提示词库有 30 多个/)).toBeInTheDocument();
  });

  it('behind 「提示词」 on a phone, where nothing is on the right', () => {
    screenWidth(390);
    renderWithApp(<EmptyChat onExample={() => {}} />);
    expect(screen.queryByText(/右侧提示词库/)).toBeNull();
    expect(screen.getByText(/右上角「提示词」里的提示词库/)).toBeInTheDocument();
  });
});
