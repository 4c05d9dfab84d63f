import { vi } from 'vitest';

/** A screen `width` px wide, as antd's breakpoints ask it through matchMedia (undo: vi.unstubAllGlobals). */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches: Boolean(min || max) && matches,
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
