import type { CostPurpose } from '@chuhai/contract';

/** recharts' tooltip is white with inline styles: in the dark theme it takes the page's surface. */
export const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--surface)', borderColor: 'var(--border)', borderRadius: 8 },
  labelStyle: { color: 'var(--text)' },
  cursor: { fill: 'var(--surface-muted)' },
} as const;

/**
 * 成本's daily bars, one colour per purpose. Keyed by purpose (not a list by position): a purpose
 * added to the contract without a colour here fails to compile, where a list six long had left
 * 一键出海 · 图片翻译 and 渠道测试 in recharts' default black, the same, and unseen on the dark theme.
 */
export const COST_PURPOSE_COLORS: Record<CostPurpose, string> = {
  chat: '#1b5cff',
  listing: '#16a34a',
  draw: '#f59e0b',
  replace: '#db2777',
  translate: '#0891b2',
  'localise-listing': '#64748b',
  'localise-translate': '#8b5cf6',
  probe: '#84cc16',
};
