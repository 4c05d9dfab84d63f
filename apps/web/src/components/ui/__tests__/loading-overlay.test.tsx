import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '../loading-overlay';

describe('loading overlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fades out over 400 ms before it leaves the page', () => {
    const { rerender } = render(<LoadingOverlay visible />);
    expect(screen.getByRole('status')).not.toHaveClass('loading-overlay--closing');

    rerender(<LoadingOverlay visible={false} />);
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveClass('loading-overlay--closing');
    expect(overlay.style.transitionDuration).toBe('400ms');

    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays when shown again during the fade', () => {
    const { rerender } = render(<LoadingOverlay visible />);
    rerender(<LoadingOverlay visible={false} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<LoadingOverlay visible />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).not.toHaveClass('loading-overlay--closing');
  });
});
