import { DownOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { isNavActive, STUDIO_TOOLS } from '../../config/paths';
import { CurrentLink } from '../ui/current-link';
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
          <CurrentLink
            to={props.to}
            current={props.active}
            className="nav-bar__link"
            currentClass="nav-bar__link--active"
          >
            {props.label}
          </CurrentLink>
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
        STUDIO_TOOLS.map((tool) => (
          <li key={tool.key}>
            <CurrentLink
              to={tool.to}
              current={isNavActive([tool.to], pathname)}
              className="popover-panel__item"
              currentClass="popover-panel__item--current"
              onClick={close}
            >
              {tool.label}
            </CurrentLink>
          </li>
        ))
      }
    />
  );
}
