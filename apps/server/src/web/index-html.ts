import type { SiteConfig } from '../config.ts';

const PLACEHOLDER = '<!--site-config-->';

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * Puts the site configuration (footer, contact page) into index.html as a meta tag: it reaches the
 * app before its first render, without an extra request and without an inline script the CSP forbids.
 */
export function injectSiteConfig(html: string, site: SiteConfig): string {
  const meta = `<meta name="site-config" content="${escapeAttribute(JSON.stringify(site))}">`;
  return html.includes(PLACEHOLDER)
    ? html.replace(PLACEHOLDER, meta)
    : html.replace('</head>', `${meta}</head>`);
}
