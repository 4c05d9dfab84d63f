import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { CROSS_BORDER_TOOLS, UI } from '@chuhai/contract';
import { Dropdown } from 'antd';

/** The 跨境工具 hover menu (width 150): external WIPO search sites, each in a new window. */
export function CrossBorderMenu() {
  return (
    <Dropdown
      trigger={['hover']}
      mouseEnterDelay={UI.dropdownDelayMs / 1000}
      mouseLeaveDelay={UI.dropdownDelayMs / 1000}
      menu={{
        style: { width: UI.crossBorderMenuWidth },
        items: CROSS_BORDER_TOOLS.map((tool) => ({
          key: tool.key,
          label: (
            <a href={tool.href} target="_blank" rel="noopener noreferrer">
              {tool.label} <ExportOutlined />
            </a>
          ),
        })),
      }}
    >
      <button type="button" className="nav-bar__link nav-bar__menu-trigger">
        跨境工具 <DownOutlined />
      </button>
    </Dropdown>
  );
}
