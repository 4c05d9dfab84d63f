import { THEME_CLASS_PREFIX, THEME_STORAGE_KEY, THEMES, type ThemeName } from '@chuhai/contract';

/** The stored theme, or `default` when none (or an unknown one) is stored. */
export function readStoredTheme(): ThemeName {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as ThemeName) : 'default';
}

/** Applies a theme to the page: every `__theme_` body class goes, then `__theme_<name>` is added. */
export function applyTheme(name: ThemeName): void {
  const { classList } = document.body;
  for (const cls of [...classList]) if (cls.startsWith(THEME_CLASS_PREFIX)) classList.remove(cls);
  classList.add(THEME_CLASS_PREFIX + name);
  document.documentElement.style.colorScheme = name === 'dark' ? 'dark' : 'light';
}

export function storeTheme(name: ThemeName): void {
  localStorage.setItem(THEME_STORAGE_KEY, name);
}
