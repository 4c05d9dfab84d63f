import { Link, useLocation } from 'react-router';
import { isNavActive, STUDIO_TOOLS } from '../../config/paths';

/** The 智能做图 tools as tabs above each of them: one click from 抠图 to 换背景 or 批量处理. */
export function StudioTabs() {
  const { pathname } = useLocation();
  return (
    <nav className="studio-tabs" aria-label="智能做图工具">
      {STUDIO_TOOLS.map((tool) => {
        const current = isNavActive([tool.to], pathname);
        return (
          <Link
            key={tool.key}
            to={tool.to}
            className={`studio-tabs__tab${current ? ' studio-tabs__tab--current' : ''}`}
            aria-current={current ? 'page' : undefined}
          >
            {tool.label}
          </Link>
        );
      })}
    </nav>
  );
}
