/** Business constants and limits of spec section 9, shared by server and web. */

export const PRODUCT_NAME = '出海助手';

/** Prefix of every key the client storage wrapper writes (spec section 3). */
export const STORAGE_PREFIX = 'chuhai_';
export const STORAGE_KEYS = { token: 'token', userinfo: 'userinfo' } as const;
/** The theme lives in plain local storage under this key (spec section 3). */
export const THEME_STORAGE_KEY = 'themeName';
export const THEMES = ['default', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];
export const THEME_CLASS_PREFIX = '__theme_';

export const LOCALE = 'zh_CN';

export const UI = {
  toastDurationMs: 3000,
  toastOffsetPx: 16,
  tooltipHideDelayMs: 200,
  dropdownDelayMs: 150,
  badgeMax: 99,
  zIndexBase: 2000,
  loadingCloseDelayMs: 400,
  crossBorderMenuWidth: 150,
  userPopoverWidth: 220,
} as const;

export const DEFAULT_IMAGE_SIZE = '1024x1024';

/** chatType 1 is the standard model, 2 the advanced one (VIP only). */
export const CHAT_TYPE = { standard: 1, advanced: 2 } as const;

/** Greeting bands by local hour: [5, 12) morning, [12, 18) afternoon, else evening. */
export const GREETING_BANDS = { morningFrom: 5, afternoonFrom: 12, eveningFrom: 18 } as const;

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The cross-border tools hover menu: external sites, opened in a new window. */
export const CROSS_BORDER_TOOLS = [
  { key: 'patent', label: '国际专利查询', href: 'https://patentscope.wipo.int/search/zh/search.jsf' },
  { key: 'trademark', label: '国际商标查询', href: 'https://branddb.wipo.int/' },
] as const;

/**
 * What a seller reads when a tool's provider is not set up or is refusing this server: never the
 * operator's variables or the provider's own text (those go to the server log, README「配置」).
 */
export const FEATURE_OFF_TEXT = '该功能暂未开放，请稍后再试或联系客服';
