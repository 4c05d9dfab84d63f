import type { ThemeName } from '@chuhai/contract';
import { create } from 'zustand';
import { applyTheme, readStoredTheme, storeTheme } from '../lib/theme';

interface ThemeState {
  themeName: ThemeName;
  /** The one global theme action: default ⇄ dark, stored and applied. */
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  themeName: readStoredTheme(),
  toggleTheme: () => {
    const next: ThemeName = get().themeName === 'dark' ? 'default' : 'dark';
    storeTheme(next);
    applyTheme(next);
    set({ themeName: next });
  },
}));

/** Applied once at start-up, before the first render, so the page never flashes the wrong theme. */
export function initTheme(): void {
  const name = readStoredTheme();
  applyTheme(name);
  useThemeStore.setState({ themeName: name });
}
