/** recharts' tooltip is white with inline styles: in the dark theme it takes the page's surface. */
export const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--surface)', borderColor: 'var(--border)', borderRadius: 8 },
  labelStyle: { color: 'var(--text)' },
  cursor: { fill: 'var(--surface-muted)' },
} as const;
