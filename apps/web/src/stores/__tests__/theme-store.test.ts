import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme } from '../../lib/theme';
import { initTheme, useThemeStore } from '../theme-store';

describe('theme', () => {
  beforeEach(() => {
    useThemeStore.setState({ themeName: 'default' });
  });

  it('starts as default when nothing (or something unknown) is stored', () => {
    expect(readStoredTheme()).toBe('default');
    localStorage.setItem('themeName', 'purple');
    expect(readStoredTheme()).toBe('default');
  });

  it('applying removes every __theme_ class and adds the new one, keeping other classes', () => {
    document.body.className = 'keep-me __theme_default __theme_old';
    applyTheme('dark');
    expect([...document.body.classList].sort()).toEqual(['__theme_dark', 'keep-me']);
  });

  it('is applied once at start-up from the stored value', () => {
    localStorage.setItem('themeName', 'dark');
    initTheme();
    expect(document.body.classList.contains('__theme_dark')).toBe(true);
    expect(useThemeStore.getState().themeName).toBe('dark');
  });

  it('the toggle switches default ⇄ dark, stores and applies it', () => {
    initTheme();
    useThemeStore.getState().toggleTheme();
    expect(localStorage.getItem('themeName')).toBe('dark');
    expect(document.body.classList.contains('__theme_dark')).toBe(true);
    expect(document.body.classList.contains('__theme_default')).toBe(false);
    useThemeStore.getState().toggleTheme();
    expect(localStorage.getItem('themeName')).toBe('default');
    expect(document.body.className).toBe('__theme_default');
  });
});
