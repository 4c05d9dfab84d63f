import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { CROSS_BORDER_TOOLS, UI } from '@chuhai/contract';
import { HoverMenu } from './hover-menu';

/** The 跨境工具 menu (width 150): external WIPO search sites, each in a new window. */
export function CrossBorderMenu() {
  return (
    <HoverMenu
      id="cross-border-menu"
      width={UI.crossBorderMenuWidth}
      trigger={({ open, toggle }) => (
        <button
          type="button"
          className="nav-bar__link nav-bar__menu-trigger"
          aria-expanded={open}
          aria-controls="cross-border-menu"
          onClick={toggle}
        >
          跨境工具 <DownOutlined />
        </button>
      )}
      items={(close) =>
        CROSS_BORDER_TOOLS.map((tool) => (
          <li key={tool.key}>
            <a
              className="popover-panel__item"
              href={tool.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              {tool.label} <ExportOutlined />
            </a>
          </li>
        ))
      }
    />
  );
}
