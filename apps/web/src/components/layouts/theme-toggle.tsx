import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useThemeStore } from '../../stores/theme-store';

/** Light ⇄ dark; the label says what a click does, and shows as the browser's own tooltip. */
export function ThemeToggle() {
  const themeName = useThemeStore((s) => s.themeName);
  const toggleTheme = useThemeStore((s) => s.toggleTheme);
  const label = themeName === 'dark' ? '切换到浅色主题' : '切换到深色主题';
  return (
    <button
      type="button"
      className="btn btn--text btn--icon btn--round"
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      {themeName === 'dark' ? <SunOutlined /> : <MoonOutlined />}
    </button>
  );
}
