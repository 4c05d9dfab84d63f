import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { CROSS_BORDER_TOOLS, UI } from '@chuhai/contract';
import { useEffect, useRef, useState } from 'react';

/**
 * The 跨境工具 menu (width 150): external WIPO search sites, each in a new window. Opens on hover
 * after the menu delay, on click or Enter, and closes on leaving, Escape or choosing a site.
 */
export function CrossBorderMenu() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setLater = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), UI.dropdownDelayMs);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only opens what the button opens too
    <div
      className="hover-popover"
      onMouseEnter={() => setLater(true)}
      onMouseLeave={() => setLater(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setLater(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav-bar__link nav-bar__menu-trigger"
        aria-expanded={open}
        aria-controls="cross-border-menu"
        onClick={() => {
          clearTimeout(timer.current);
          setOpen((now) => !now);
        }}
      >
        跨境工具 <DownOutlined />
      </button>
      <ul
        id="cross-border-menu"
        className={`popover-panel popover-panel--menu${open ? ' popover-panel--open' : ''}`}
        style={{ width: UI.crossBorderMenuWidth, zIndex: UI.zIndexBase }}
      >
        {CROSS_BORDER_TOOLS.map((tool) => (
          <li key={tool.key}>
            <a
              className="popover-panel__item"
              href={tool.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
            >
              {tool.label} <ExportOutlined />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
