import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint: below it the console folds its menu into a drawer and tables into cards. */
const PHONE = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(PHONE);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/**
 * Whether the console is on a phone-width screen, known on the first render (antd's useBreakpoint
 * answers only after an effect, which would paint the desktop table once and then swap it).
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );
}
