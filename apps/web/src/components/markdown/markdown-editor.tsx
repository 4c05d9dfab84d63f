import { MdEditor, type ToolbarNames } from 'md-editor-rt';
import 'md-editor-rt/lib/style.css';
import { useThemeStore } from '../../stores/theme-store';

// Only tools that work offline: no CDN-loaded prettier, mermaid, katex, echarts, highlighting or screenfull (the CSP would block them anyway).
const TOOLBARS: ToolbarNames[] = [
  'bold',
  'italic',
  'title',
  'quote',
  'unorderedList',
  'orderedList',
  'table',
  'code',
  '-',
  'revoke',
  'next',
  '=',
  'preview',
  'pageFullscreen',
];

/** The Markdown editor for prompts (users' tags, the console's library), following the theme. Import it lazily. */
export function MarkdownEditor(props: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  height?: number;
}) {
  const theme = useThemeStore((s) => s.themeName);
  return (
    <MdEditor
      value={props.value}
      onChange={props.onChange}
      language="zh-CN"
      theme={theme === 'dark' ? 'dark' : 'light'}
      toolbars={TOOLBARS}
      footers={[]}
      preview={false}
      noPrettier
      noMermaid
      noKatex
      noEcharts
      noHighlight
      noUploadImg
      placeholder={props.placeholder}
      style={{ height: props.height ?? 320 }}
    />
  );
}
