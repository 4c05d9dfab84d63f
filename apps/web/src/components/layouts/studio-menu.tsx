import { DownOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { isNavActive, STUDIO_TOOLS } from '../../config/paths';
import { HoverMenu } from './hover-menu';

/**
 * 智能做图 in the top bar: the link goes to 抠图 as before; hovering it, or its arrow button, opens
 * the menu of every 智能做图 tool.
 */
export function StudioMenu(props: { label: string; to: string; active: boolean }) {
  const { pathname } = useLocation();
  return (
    <HoverMenu
      id="studio-menu"
      width={132}
      trigger={({ open, toggle }) => (
        <span className="nav-bar__split">
          <Link
            to={props.to}
            className={`nav-bar__link${props.active ? ' nav-bar__link--active' : ''}`}
            aria-current={props.active ? 'page' : undefined}
          >
            {props.label}
          </Link>
          <button
            type="button"
            className="nav-bar__split-toggle"
            aria-label={`${props.label}的工具`}
            aria-expanded={open}
            aria-controls="studio-menu"
            onClick={toggle}
          >
            <DownOutlined />
          </button>
        </span>
      )}
      items={(close) =>
        STUDIO_TOOLS.map((tool) => {
          const current = isNavActive([tool.to], pathname);
          return (
            <li key={tool.key}>
              <Link
                className={`popover-panel__item${current ? ' popover-panel__item--current' : ''}`}
                to={tool.to}
                aria-current={current ? 'page' : undefined}
                onClick={close}
              >
                {tool.label}
              </Link>
            </li>
          );
        })
      }
    />
  );
}
