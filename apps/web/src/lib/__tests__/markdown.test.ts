import { describe, expect, it } from 'vitest';
import { createMarkdown, hasCodeFence, isAllowedLink, renderMarkdown } from '../markdown';

/** Parses rendered HTML so assertions look at the DOM a browser would build. */
function dom(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** Whether anything in the rendered DOM could run script. */
function executableParts(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'style', 'base', 'meta', 'link'].includes(tag))
      found.push(tag);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a scheme
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (
        ['href', 'src', 'xlink:href', 'action', 'formaction'].includes(name) &&
        /^(javascript|vbscript|file):/.test(value)
      ) {
        found.push(`${tag}[${name}=${value}]`);
      }
      if (
        ['href', 'src', 'xlink:href'].includes(name) &&
        value.startsWith('data:') &&
        !/^data:image\/(gif|png|jpeg|webp);/.test(value)
      ) {
        found.push(`${tag}[${name}=data]`);
      }
    }
  }
  return found;
}

describe('Markdown options', () => {
  it('keeps single line breaks', () => {
    expect(renderMarkdown('第一行\n第二行')).toContain('第一行<br>');
  });

  it('applies typographic replacements', () => {
    expect(renderMarkdown('(c) 2026 -- "引号"')).toContain('©');
  });

  it('does not turn bare URLs into links', () => {
    expect(dom(renderMarkdown('访问 https://example.com 了解')).querySelector('a')).toBeNull();
  });

  it('passes safe raw HTML through', () => {
    const root = dom(renderMarkdown('<kbd>Ctrl</kbd> + <mark>C</mark>'));
    expect(root.querySelector('kbd')?.textContent).toBe('Ctrl');
    expect(root.querySelector('mark')).not.toBeNull();
  });

  it('nests up to 100 levels in the default preset and 20 in the others', () => {
    expect(createMarkdown().options.maxNesting).toBe(100);
    expect(createMarkdown({ preset: 'commonmark' }).options.maxNesting).toBe(20);
    expect(createMarkdown({ preset: 'zero' }).options.maxNesting).toBe(20);
  });
});

describe('links', () => {
  it('refuses script-like and file schemes, in any case and with hidden characters', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      expect(isAllowedLink(url), url).toBe(false);
    }
  });

  it('allows the four raster image data URLs and ordinary links', () => {
    for (const url of [
      'data:image/png;base64,iVBOR',
      'data:image/gif;base64,R0lG',
      'data:image/jpeg;base64,/9j/',
      'data:image/webp;base64,UklG',
      'https://sellercentral.amazon.com',
      'mailto:a@b.cn',
      '/price',
      '#md-a',
    ]) {
      expect(isAllowedLink(url), url).toBe(true);
    }
  });

  it('opens external http(s) links in a new window without the opener', () => {
    const link = dom(renderMarkdown('[亚马逊](https://sellercentral.amazon.com)')).querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('leaves in-page links in the same window', () => {
    const link = dom(renderMarkdown('[价格](#/price)')).querySelector('a');
    expect(link?.getAttribute('target')).toBeNull();
  });

  it('renders a refused Markdown link as text, not as a link', () => {
    const root = dom(renderMarkdown('[点我](javascript:alert(1))'));
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('[点我](javascript:alert(1))');
  });

  it('shows an allowed data-URL image', () => {
    const img = dom(renderMarkdown('![图](data:image/png;base64,iVBORw0KGgo=)')).querySelector('img');
    expect(img?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});

describe('table of contents and containers', () => {
  const doc = '[[toc]]\n\n# 标题一\n\n## 选品\n\n### 利润测算\n\n#### 太深\n\n## 上架';

  it('lists levels 2 and 3 only, linked to heading ids', () => {
    const root = dom(renderMarkdown(doc));
    const toc = root.querySelector('.md-toc');
    expect(toc).not.toBeNull();
    const entries = [...(toc?.querySelectorAll('a') ?? [])].map((a) => a.textContent);
    expect(entries).toEqual(['选品', '利润测算', '上架']);
    const target = toc?.querySelector('a')?.getAttribute('href')?.slice(1) ?? '';
    expect(root.querySelector(`[id="${target}"]`)?.textContent).toBe('选品');
  });

  it('renders tip, warning and danger blocks with Chinese titles by default', () => {
    const root = dom(
      renderMarkdown('::: tip\n多备货\n:::\n\n::: warning\n注意侵权\n:::\n\n::: danger\n禁售品\n:::'),
    );
    expect(root.querySelector('.md-tip .md-container-title')?.textContent).toBe('提示');
    expect(root.querySelector('.md-warning .md-container-title')?.textContent).toBe('注意');
    expect(root.querySelector('.md-danger .md-container-title')?.textContent).toBe('警告');
  });

  it('uses TIP, WARNING, DANGER and DETAILS in en-US', () => {
    const root = dom(renderMarkdown('::: tip\na\n:::\n\n::: details\nb\n:::', { locale: 'en-US' }));
    expect(root.querySelector('.md-tip .md-container-title')?.textContent).toBe('TIP');
    expect(root.querySelector('details summary')?.textContent).toBe('DETAILS');
  });

  it('renders details as a collapsible block with a custom title', () => {
    const root = dom(renderMarkdown('::: details 查看物流方案\n海运 30 天\n:::'));
    expect(root.querySelector('details summary')?.textContent).toBe('查看物流方案');
    expect(root.querySelector('details')?.textContent).toContain('海运 30 天');
  });

  it('needs at least three markers', () => {
    expect(dom(renderMarkdown(':: tip\n不是容器\n::')).querySelector('.md-container')).toBeNull();
  });

  it('escapes a container title', () => {
    const root = dom(renderMarkdown('::: tip <img src=x onerror=alert(1)>\n内容\n:::'));
    expect(root.querySelector('img')).toBeNull();
    expect(executableParts(root)).toEqual([]);
  });
});

describe('script injection attempts render inert', () => {
  const attacks: Record<string, string> = {
    'script tag': '<script>alert(1)</script>',
    'event handler': '<img src="x.png" onerror="alert(1)">',
    'svg onload': '<svg onload="alert(1)"><circle r="5"/></svg>',
    'svg script': '<svg><script>alert(1)</script></svg>',
    'svg use xlink':
      '<svg><use xlink:href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/></svg>',
    'svg animate href':
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">x</text></a></svg>',
    'raw html javascript link': '<a href="javascript:alert(1)">点我</a>',
    'entity-encoded scheme': '<a href="&#106;avascript:alert(1)">点我</a>',
    'entity-encoded markdown link': '[点我](&#x6A;avascript:alert(1))',
    iframe: '<iframe src="https://evil.example"></iframe>',
    form: '<form action="https://evil.example"><button>提交</button></form>',
    'object data': '<object data="javascript:alert(1)"></object>',
    'style tag': '<style>body{display:none}</style>',
    'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    'data html image': '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    'mutation xss': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    'math namespace': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    'details ontoggle': '<details open ontoggle="alert(1)"><summary>x</summary></details>',
    'code fence with script': '```html\n<script>alert(1)</script>\n```',
  };

  for (const [name, source] of Object.entries(attacks)) {
    it(name, () => {
      const root = dom(renderMarkdown(source));
      expect(executableParts(root)).toEqual([]);
    });
  }

  it('shows the code of a fenced script as text', () => {
    const root = dom(renderMarkdown('```html\n<script>alert(1)</script>\n```'));
    expect(root.querySelector('code')?.textContent).toContain('<script>alert(1)</script>');
  });
});

describe('code highlighting on demand', () => {
  it('knows when a text has a code block', () => {
    expect(hasCodeFence('正文\n```js\nlet a\n```')).toBe(true);
    expect(hasCodeFence('~~~\nx\n~~~')).toBe(true);
    expect(hasCodeFence('只有 `行内代码`')).toBe(false);
  });

  it('uses the highlighter once it is given', () => {
    const html = renderMarkdown('```js\nconst a = 1;\n```', {
      highlighter: {
        highlight: (code) => `<span class="hljs-keyword">${code.slice(0, 5)}</span>${code.slice(5)}`,
      },
    });
    expect(dom(html).querySelector('.hljs-keyword')?.textContent).toBe('const');
  });
});

describe('code blocks', () => {
  it('carry a copy control that survives sanitising, labelled in the locale', () => {
    const html = renderMarkdown('```js\nconsole.log(1)\n```');
    const box = document.createElement('div');
    box.innerHTML = html;
    const control = box.querySelector('.md-code [data-md-copy]');
    expect(control?.textContent).toBe('复制');
    expect(control?.getAttribute('role')).toBe('button');
    expect(box.querySelector('.md-code pre')?.textContent).toContain('console.log(1)');
    expect(renderMarkdown('```\nx\n```', { locale: 'en-US' })).toContain('>Copy<');
  });
});
