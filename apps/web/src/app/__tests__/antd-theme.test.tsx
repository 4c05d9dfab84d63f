import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ThemeName } from '@chuhai/contract';
import { render } from '@testing-library/react';
import { Button, ConfigProvider, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme, TEXT_BLUE } from '../antd-theme';

// Read as text: vitest hands CSS imports over empty (and Vite rewrites `new URL(…, import.meta.url)`).
const readCss = (name: string) => readFileSync(path.join(import.meta.dirname, '../../styles', name), 'utf8');
const tokensCss = readCss('tokens.css');
const globalCss = readCss('global.css');

/** WCAG 2 contrast ratio of two opaque #rrggbb colours. */
function contrast(a: string, b: string): number {
  const channel = (hex: string, i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (hex: string) =>
    0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Normal-size text (the tabs, 「使用」, page numbers are 14px) needs 4.5:1 under WCAG AA. */
const AA = 4.5;

/** The custom properties of one theme's block in styles/tokens.css. */
function cssVars(themeName: ThemeName): Record<string, string> {
  const block = tokensCss.match(new RegExp(`body\\.__theme_${themeName} \\{([^}]*)\\}`))?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]]));
}

const THEMES: ThemeName[] = ['default', 'dark'];

describe.each(THEMES)('%s theme: antd text colours', (themeName) => {
  const config = antdTheme(themeName);
  const token = theme.getDesignToken(config);
  // The panels blue text sits on: page, cards and tables, drawers and popovers, the chosen menu item.
  const panels = {
    layout: token.colorBgLayout,
    container: token.colorBgContainer,
    elevated: token.colorBgElevated,
    menuSelected: token.colorPrimaryBg,
  };
  const blueText = {
    colorLink: token.colorLink,
    colorPrimaryText: token.colorPrimaryText,
    colorPrimaryTextActive: token.colorPrimaryTextActive,
    tabSelected: config.components?.Tabs?.itemSelectedColor,
    pageActive: config.components?.Pagination?.itemActiveColor,
    menuSelected: config.components?.Menu?.itemSelectedColor,
  };

  for (const [name, colour] of Object.entries(blueText)) {
    for (const [panel, bg] of Object.entries(panels)) {
      it(`${name} on ${panel} reaches ${AA}:1`, () => {
        expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
        expect(contrast(colour as string, bg)).toBeGreaterThanOrEqual(AA);
      });
    }
  }

  it('white on the primary fill (primary buttons) reaches 4.5:1', () => {
    expect(token.colorTextLightSolid.toLowerCase()).toBe('#fff');
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(AA);
  });

  it('the text blue is the one our own CSS uses', () => {
    expect(TEXT_BLUE[themeName].text).toBe(cssVars(themeName)['--primary']);
  });
});

describe.each(THEMES)('%s theme: our CSS colours (styles/tokens.css)', (themeName) => {
  const v = cssVars(themeName);
  const surfaces = ['--bg', '--surface', '--surface-muted', '--primary-soft'] as const;

  for (const surface of surfaces) {
    it(`--primary (blue text) on ${surface} reaches ${AA}:1`, () => {
      expect(contrast(v['--primary'] as string, v[surface] as string)).toBeGreaterThanOrEqual(AA);
    });
  }

  it('white on --primary-fill (the question bubble, 开始 AI 问答) reaches 4.5:1', () => {
    expect(contrast('#ffffff', v['--primary-fill'] as string)).toBeGreaterThanOrEqual(AA);
  });

  it('--invite-text (邀请有礼 in the top bar) reaches 4.5:1 on the bar and the drawer', () => {
    expect(contrast(v['--invite-text'] as string, v['--surface'] as string)).toBeGreaterThanOrEqual(AA);
    expect(contrast(v['--invite-text'] as string, v['--bg'] as string)).toBeGreaterThanOrEqual(AA);
  });
});

describe('primary buttons without a fill', () => {
  // global.css repoints antd's own button variable at the text blue; if antd renamed either
  // variable the override would silently do nothing and 「使用」 would be 2.3:1 again.
  it('global.css sets the variables antd styles the button with', () => {
    render(
      <ConfigProvider theme={antdTheme('dark')}>
        <Button type="primary" ghost>
          使用
        </Button>
      </ConfigProvider>,
    );
    const antdCss = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(antdCss).toMatch(/\.ant-btn-color-primary\{[^}]*--ant-btn-color-base:var\(--ant-color-primary\)/);
    expect(antdCss).toContain(`--ant-color-primary-text:${TEXT_BLUE.dark.text}`);
    expect(globalCss).toMatch(
      /\.ant-btn\.ant-btn-color-primary:not\(\.ant-btn-variant-solid\) \{[^}]*--ant-btn-color-base: var\(--ant-color-primary-text\);/,
    );
  });
});
