import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { loadedHighlighter, loadHighlighter } from '../../lib/highlight';
import { hasCodeFence, type MarkdownLocale, renderMarkdown } from '../../lib/markdown';

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

  // TOC and heading links are `#id`: in a hash-routed app they must scroll, not change the route.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('#')) return;
    event.preventDefault();
    const target = event.currentTarget.querySelector(
      `[id="${CSS.escape(decodeURIComponent(href.slice(1)))}"]`,
    );
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks on links, which are keyboard-reachable
  // biome-ignore lint/a11y/noStaticElementInteractions: same delegation
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with DOMPurify
  return <div className="markdown-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
