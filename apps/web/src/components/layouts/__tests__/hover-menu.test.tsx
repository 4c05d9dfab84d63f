import { UI } from '@chuhai/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrossBorderMenu } from '../cross-border-menu';

/** The top bar's 跨境工具 menu: its trigger says whether the menu is open. */
const trigger = () => screen.getByRole('button', { name: /跨境工具/ });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a top-bar menu', () => {
  it('opens when the pointer rests on it for the menu delay, not when it passes over', () => {
    render(<CrossBorderMenu />);
    fireEvent.mouseEnter(trigger());
    wait(UI.dropdownDelayMs / 2);
    fireEvent.mouseLeave(trigger());
    wait(UI.dropdownDelayMs);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.mouseEnter(trigger());
    wait(UI.dropdownDelayMs);
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseLeave(trigger());
    wait(UI.dropdownDelayMs);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens at once on its trigger, and Escape closes it for good: a hover still waiting opens nothing', () => {
    render(<CrossBorderMenu />);
    fireEvent.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(trigger(), { key: 'Escape' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.mouseEnter(trigger());
    fireEvent.keyDown(trigger(), { key: 'Escape' });
    wait(UI.dropdownDelayMs);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });
});
