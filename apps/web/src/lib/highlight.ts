import type { Highlighter } from './markdown';

let loading: Promise<Highlighter> | null = null;
let loaded: Highlighter | null = null;

/** The highlighter if it has been loaded already (no network, no wait). */
export function loadedHighlighter(): Highlighter | null {
  return loaded;
}

/**
 * Loads highlight.js with the languages sellers paste most, in its own chunk, the first time an
 * answer holds a code block: pages without code never download it.
 */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= (async () => {
    const [core, bash, css, javascript, json, markdown, python, sql, typescript, xml] = await Promise.all([
      import('highlight.js/lib/core'),
      import('highlight.js/lib/languages/bash'),
      import('highlight.js/lib/languages/css'),
      import('highlight.js/lib/languages/javascript'),
      import('highlight.js/lib/languages/json'),
      import('highlight.js/lib/languages/markdown'),
      import('highlight.js/lib/languages/python'),
      import('highlight.js/lib/languages/sql'),
      import('highlight.js/lib/languages/typescript'),
      import('highlight.js/lib/languages/xml'),
    ]);
    const hljs = core.default;
    const languages = { bash, css, javascript, json, markdown, python, sql, typescript, xml };
    for (const [name, module] of Object.entries(languages)) hljs.registerLanguage(name, module.default);
    hljs.registerAliases(['html', 'vue'], { languageName: 'xml' });
    hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' });
    hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' });
    hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
    loaded = {
      highlight: (code, language) =>
        hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null,
    };
    return loaded;
  })();
  return loading;
}
