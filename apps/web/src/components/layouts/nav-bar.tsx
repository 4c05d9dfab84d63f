import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { AccountLinks } from './account-links';
import { CrossBorderMenu } from './cross-border-menu';
import { Logo } from './logo';
import { MobileDrawer } from './mobile-drawer';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

/** The top navigation bar: logo, main links, 跨境工具, theme, account; a drawer at phone width. */
export function NavBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <header className="nav-bar">
      <div className="nav-bar__inner">
        <Button
          className="nav-bar__menu-button"
          type="text"
          aria-label={drawerOpen ? '关闭菜单' : '打开菜单'}
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          icon={drawerOpen ? <CloseOutlined /> : <MenuOutlined />}
          onClick={() => setDrawerOpen((open) => !open)}
        />
        <Logo onNavigate={closeDrawer} />
        <nav className="nav-bar__links" aria-label="主导航">
          <NavLinks className="nav-bar__link" />
          <CrossBorderMenu />
        </nav>
        <div className="nav-bar__actions">
          <ThemeToggle />
          <div className="nav-bar__account">
            <AccountLinks />
          </div>
        </div>
      </div>
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
    </header>
  );
}
