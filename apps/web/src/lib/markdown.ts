import DOMPurify from 'dompurify';
import MarkdownIt, { type RendererRule, type Token } from 'markdown-it';
import markdownItAnchor from 'markdown-it-anchor';
import markdownItContainer from 'markdown-it-container';
import markdownItTocDoneRight from 'markdown-it-toc-done-right';

/**
 * Markdown as spec sections 1 and 9 fix it: raw HTML on, line breaks kept, typographer on, linkify
 * off, script-like link schemes refused (image data URLs for gif/png/jpeg/webp allowed), a TOC of
 * levels 2 and 3, external links in a new window, tip/warning/danger/details containers, and every
 * output sanitised by DOMPurify, which has the last word on what reaches the page.
 */

export type MarkdownLocale = 'zh-CN' | 'en-US';
/** `default` nests up to 100 levels; the other presets of markdown-it stop at 20. */
export type MarkdownPreset = 'default' | 'commonmark' | 'zero';

export interface Highlighter {
  /** Highlighted HTML for `code`, or null to leave it plain. */
  highlight: (code: string, language: string) => string | null;
}

type MarkdownEngine = ReturnType<typeof MarkdownIt>;

export const CONTAINER_KINDS = ['tip', 'warning', 'danger', 'details'] as const;
type ContainerKind = (typeof CONTAINER_KINDS)[number];

export const CONTAINER_TITLES: Record<MarkdownLocale, Record<ContainerKind, string>> = {
  'zh-CN': { tip: '提示', warning: '注意', danger: '警告', details: '详细信息' },
  'en-US': { tip: 'TIP', warning: 'WARNING', danger: 'DANGER', details: 'DETAILS' },
};

const BAD_PROTOCOL = /^(vbscript|javascript|file|data):/;
const GOOD_DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);/;

/** The link rule: no script-like or file schemes, except image data URLs of the four raster types. */
export function isAllowedLink(url: string): boolean {
  // Browsers ignore case, surrounding spaces and control characters in a scheme; so must we.
  const normalized = url
    .trim()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters in a scheme
    .replace(/[\u0000-\u001f\s]/g, '')
    .toLowerCase();
  return BAD_PROTOCOL.test(normalized) ? GOOD_DATA_IMAGE.test(normalized) : true;
}

/** Heading ids: letters (Chinese too) and digits kept, prefixed so they never clash with page ids. */
export function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `md-${slug || 'section'}`;
}

export interface MarkdownOptions {
  locale?: MarkdownLocale;
  preset?: MarkdownPreset;
  highlighter?: Highlighter | null;
}

function addContainers(md: MarkdownEngine, locale: MarkdownLocale): void {
  for (const kind of CONTAINER_KINDS) {
    md.use(markdownItContainer, kind, {
      // At least three ':' markers open a block (the plugin's minimum).
      render(tokens: Token[], index: number) {
        const token = tokens[index] as Token;
        if (token.nesting !== 1) return kind === 'details' ? '</details>\n' : '</div>\n';
        const custom = token.info.trim().slice(kind.length).trim();
        const title = md.utils.escapeHtml(custom || CONTAINER_TITLES[locale][kind]);
        return kind === 'details'
          ? `<details class="md-container md-details"><summary>${title}</summary>\n`
          : `<div class="md-container md-${kind}"><p class="md-container-title">${title}</p>\n`;
      },
    });
  }
}

function openExternalLinksInNewWindow(md: MarkdownEngine): void {
  const fallback: RendererRule = (tokens, index, options, _env, self) =>
    self.renderToken(tokens, index, options);
  const original = md.renderer.rules.link_open ?? fallback;
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index] as Token;
    if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return original(tokens, index, options, env, self);
  };
}

export const COPY_LABELS: Record<MarkdownLocale, { copy: string; copied: string }> = {
  'zh-CN': { copy: '复制', copied: '已复制' },
  'en-US': { copy: 'Copy', copied: 'Copied' },
};

/** Code blocks get a copy control; MarkdownView handles its clicks (buttons are not allowed through the sanitiser). */
function addCopyToCodeBlocks(md: MarkdownEngine, locale: MarkdownLocale): void {
  const fence = md.renderer.rules.fence;
  if (!fence) return;
  md.renderer.rules.fence = (tokens, index, options, env, self) =>
    `<div class="md-code"><span class="md-code__copy" role="button" tabindex="0" data-md-copy="">${COPY_LABELS[locale].copy}</span>${fence(tokens, index, options, env, self)}</div>`;
}

/** A configured markdown-it instance (not sanitised: use `renderMarkdown` for anything shown). */
export function createMarkdown({
  locale = 'zh-CN',
  preset = 'default',
  highlighter = null,
}: MarkdownOptions = {}) {
  const md = new MarkdownIt(preset, {
    html: true,
    breaks: true,
    typographer: true,
    linkify: false,
    highlight: (code, language) => (language && highlighter?.highlight(code, language)) || '',
  });
  md.validateLink = isAllowedLink;
  md.use(markdownItAnchor, { level: [2, 3], slugify, tabIndex: false });
  md.use(markdownItTocDoneRight, {
    placeholder: '(\\[\\[toc\\]\\]|\\[toc\\])',
    level: [2, 3],
    slugify,
    listType: 'ul',
    containerClass: 'md-toc',
  });
  addContainers(md, locale);
  addCopyToCodeBlocks(md, locale);
  openExternalLinksInNewWindow(md);
  return md;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background']);
let purifierReady = false;

function preparePurifier(): void {
  if (purifierReady) return;
  purifierReady = true;
  // Raw HTML follows the same link rule as Markdown links.
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (URL_ATTRIBUTES.has(data.attrName) && !isAllowedLink(data.attrValue)) data.keepAttr = false;
  });
  // A link that opens a new window never hands the opener to the other site.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Sanitises HTML for display: no scripts, handlers, frames, forms or script-like URLs survive. */
export function sanitizeHtml(html: string): string {
  preparePurifier();
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'frame',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['style'],
  });
}

const cache = new Map<string, MarkdownEngine>();

/** Markdown to sanitised HTML, ready for `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const key = `${options.locale ?? 'zh-CN'}|${options.preset ?? 'default'}|${options.highlighter ? 'hl' : ''}`;
  let md = cache.get(key);
  if (!md) {
    md = createMarkdown(options);
    cache.set(key, md);
  }
  return sanitizeHtml(md.render(source));
}

/** Whether the text has a fenced code block, so the highlighter is worth loading. */
export function hasCodeFence(source: string): boolean {
  return /^ {0,3}(```|~~~)/m.test(source);
}
