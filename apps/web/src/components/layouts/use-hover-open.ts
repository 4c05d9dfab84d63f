import { UI } from '@chuhai/contract';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * Whether a top-bar popover is open. The pointer coming or going opens or closes it after the menu
 * delay, so running the pointer along the bar opens nothing; focus leaving it closes it the same way;
 * Escape and `close` shut it at once, `toggle` (its trigger) flips it at once. `hover` goes on the
 * element around the trigger and the popover. `onOpen` runs when the delay opens it.
 */
export function useHoverOpen(onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpen(next);
      if (next) onOpen?.();
    }, UI.dropdownDelayMs);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  const toggle = () => {
    clearTimeout(timer.current);
    setOpen((now) => !now);
  };

  const hover = {
    onMouseEnter: () => later(true),
    onMouseLeave: () => later(false),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) later(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') close();
    },
  };
  return { open, later, close, toggle, hover };
}
