import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useState } from 'react';
import { loadedHighlighter, loadHighlighter } from '../../lib/highlight';
import { COPY_LABELS, hasCodeFence, type MarkdownLocale, renderMarkdown } from '../../lib/markdown';
import './markdown.css';

/**
 * Renders user or AI Markdown as sanitised HTML. Code highlighting is fetched only when the text
 * has a code block; until then code shows plain.
 */
export function MarkdownView({ source, locale = 'zh-CN' }: { source: string; locale?: MarkdownLocale }) {
  const needsHighlight = hasCodeFence(source);
  const [highlighter, setHighlighter] = useState(loadedHighlighter);

  useEffect(() => {
    if (!needsHighlight || highlighter) return;
    let active = true;
    loadHighlighter().then((h) => active && setHighlighter(h));
    return () => {
      active = false;
    };
  }, [needsHighlight, highlighter]);

  const html = useMemo(
    () => renderMarkdown(source, { locale, highlighter: needsHighlight ? highlighter : null }),
    [source, locale, needsHighlight, highlighter],
  );

  const copyCode = (control: HTMLElement) => {
    const code = control.closest('.md-code')?.querySelector('pre')?.textContent ?? '';
    navigator.clipboard?.writeText(code).then(
      () => {
        control.textContent = COPY_LABELS[locale].copied;
        setTimeout(() => {
          control.textContent = COPY_LABELS[locale].copy;
        }, 1500);
      },
      () => {},
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const control = (event.target as HTMLElement).closest<HTMLElement>('[data-md-copy]');
    if (control && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      copyCode(control);
    }
  };

  // TOC and heading links are `#id`: in a hash-routed app they must scroll, not change the route.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const control = (event.target as HTMLElement).closest<HTMLElement>('[data-md-copy]');
    if (control) {
      copyCode(control);
      return;
    }
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('#')) return;
    event.preventDefault();
    const target = event.currentTarget.querySelector(
      `[id="${CSS.escape(decodeURIComponent(href.slice(1)))}"]`,
    );
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks and keys of links and copy controls inside
    <div
      className="markdown-body"
      onClick={onClick}
      onKeyDown={onKeyDown}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
