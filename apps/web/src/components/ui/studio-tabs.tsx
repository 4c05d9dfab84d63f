import { useLocation } from 'react-router';
import { isNavActive, STUDIO_TOOLS } from '../../config/paths';
import { CurrentLink } from './current-link';

/** The 智能做图 tools as tabs above each of them: one click from 抠图 to 换背景 or 批量处理. */
export function StudioTabs() {
  const { pathname } = useLocation();
  return (
    <nav className="studio-tabs" aria-label="智能做图工具">
      {STUDIO_TOOLS.map((tool) => (
        <CurrentLink
          key={tool.key}
          to={tool.to}
          current={isNavActive([tool.to], pathname)}
          className="studio-tabs__tab"
          currentClass="studio-tabs__tab--current"
        >
          {tool.label}
        </CurrentLink>
      ))}
    </nav>
  );
}
