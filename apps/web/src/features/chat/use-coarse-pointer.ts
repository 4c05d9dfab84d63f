import { useSyncExternalStore } from 'react';

const TOUCH = '(pointer: coarse)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(TOUCH);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** Whether the main pointer is a finger (a phone, a tablet), followed if it changes. */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(TOUCH).matches ?? false,
    () => false,
  );
}
