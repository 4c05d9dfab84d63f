import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches the CSS media `query`, known on the first render (antd's useBreakpoint
 * answers only after an effect, which would paint the other layout once and then swap it) and
 * followed when it changes. False where the browser has no matchMedia, and on the server.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia?.(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
