import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { UI } from '@chuhai/contract';
import { Button, Tooltip } from 'antd';
import { useThemeStore } from '../../stores/theme-store';

export function ThemeToggle() {
  const themeName = useThemeStore((s) => s.themeName);
  const toggleTheme = useThemeStore((s) => s.toggleTheme);
  const label = themeName === 'dark' ? '切换到浅色主题' : '切换到深色主题';
  return (
    <Tooltip title={label} mouseLeaveDelay={UI.tooltipHideDelayMs / 1000}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={themeName === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
      />
    </Tooltip>
  );
}
