import { type ThemeName, UI } from '@chuhai/contract';
import { type MappingAlgorithm, type ThemeConfig, theme } from 'antd';

/** The brand blue, the seed antd derives its palette from (white on it: 5.2:1). */
export const BRAND_BLUE = '#1b5cff';

/**
 * antd's dark algorithm paints cards and tables near-black (#141414) on a black layout; ours is navy
 * (styles/tokens.css `body.__theme_dark`, the colours here are the same). Without these the pages
 * made of antd cards (个人中心, 购买, 邀请) looked black beside the navy rest.
 */
export const DARK_SURFACES = {
  colorBgLayout: '#0f1420',
  colorBgContainer: '#171d2b',
  colorBgElevated: '#1e2636',
  colorBorder: '#2a3346',
  colorBorderSecondary: '#2a3346',
};

/**
 * The blue as text (links, the chosen tab, 「使用」 and other primary buttons without a fill, the
 * current page number). antd uses one blue for fills under white text and for text. In the light
 * theme the brand blue does both (5.2:1 each way); on the dark theme's navy no blue can: white on it
 * needs a dark blue, text on navy a light one. antd's dark fill (#1a51dc, white on it 6.4:1) stays,
 * and text takes these: 4.9:1 or more on every dark panel, where the fill's blue as text was 2.3–2.9:1.
 * Hover and active are the same hue, lighter and darker, as antd's own are.
 */
export const TEXT_BLUE: Record<ThemeName, { text: string; hover: string; active: string }> = {
  // antd's own for the brand seed: only links change, from antd's #1677ff (4.1:1 on white) to the brand's.
  default: { text: BRAND_BLUE, hover: '#4580ff', active: '#0d40d9' },
  // styles/tokens.css `--primary` on the dark theme is the same.
  dark: { text: '#6b97ff', hover: '#8cafff', active: '#6490ff' },
};

/**
 * colorLink is a seed token, which antd's theme config cannot set past the algorithm (it derives
 * the dark theme's link from it, darkened); an algorithm after antd's sets the map tokens themselves.
 */
function textBlue(blue: (typeof TEXT_BLUE)[ThemeName]): MappingAlgorithm {
  return (_seed, map) => ({
    // antd always passes the previous algorithm's map; the seed alone is never reached here.
    ...(map as ReturnType<MappingAlgorithm>),
    colorLink: blue.text,
    colorLinkHover: blue.hover,
    colorLinkActive: blue.active,
    colorPrimaryText: blue.text,
    colorPrimaryTextHover: blue.hover,
    colorPrimaryTextActive: blue.active,
  });
}

function makeTheme(themeName: ThemeName): ThemeConfig {
  const blue = TEXT_BLUE[themeName];
  return {
    algorithm: [themeName === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, textBlue(blue)],
    token: {
      colorPrimary: BRAND_BLUE,
      borderRadius: 8,
      zIndexPopupBase: UI.zIndexBase,
      // The body's font (global.css), so the shell does not change typeface when antd arrives.
      fontFamily: 'inherit',
      ...(themeName === 'dark' ? DARK_SURFACES : {}),
    },
    // These components colour text with colorPrimary itself, the fill's blue: they take the text blue.
    // Buttons without a fill do too; their blue comes from a CSS variable (styles/controls.css).
    components: {
      Tabs: {
        itemSelectedColor: blue.text,
        itemHoverColor: blue.hover,
        itemActiveColor: blue.active,
        inkBarColor: blue.text,
      },
      Pagination: { itemActiveColor: blue.text, itemActiveColorHover: blue.hover },
      // A plain button's label turns blue under the pointer (对话记录: 3.9:1 on the dark theme).
      Button: {
        defaultHoverColor: blue.hover,
        defaultHoverBorderColor: blue.hover,
        defaultActiveColor: blue.active,
        defaultActiveBorderColor: blue.active,
      },
      Menu: {
        itemSelectedColor: blue.text,
        subMenuItemSelectedColor: blue.text,
        horizontalItemSelectedColor: blue.text,
        horizontalItemHoverColor: blue.hover,
      },
    },
  };
}

/**
 * ConfigProvider's theme per theme name (antd-root.tsx, and the contrast test), made once: antd keys
 * its generated styles by the algorithms' identity, and new ones each render would restyle the page.
 */
const THEMES: Record<ThemeName, ThemeConfig> = { default: makeTheme('default'), dark: makeTheme('dark') };

export function antdTheme(themeName: ThemeName): ThemeConfig {
  return THEMES[themeName];
}
