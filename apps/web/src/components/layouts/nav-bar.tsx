import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { AccountLinks } from './account-links';
import { CrossBorderMenu } from './cross-border-menu';
import { Logo } from './logo';
import { MobileDrawer } from './mobile-drawer';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

/** The top navigation bar: logo, main links, 跨境工具, theme, account; a drawer at phone width. */
export function NavBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Signed out, 登录 and 注册 stay in the bar at phone width too: a visitor looking for them should
  // not have to guess they are behind the menu button. Signed in, the account is in the drawer.
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <header className="nav-bar">
      <div className="nav-bar__inner">
        <button
          type="button"
          className="btn btn--text btn--icon nav-bar__menu-button"
          aria-label={drawerOpen ? '关闭菜单' : '打开菜单'}
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          onClick={() => setDrawerOpen((open) => !open)}
        >
          {drawerOpen ? <CloseOutlined /> : <MenuOutlined />}
        </button>
        <Logo onNavigate={closeDrawer} />
        <nav className="nav-bar__links" aria-label="主导航">
          <NavLinks className="nav-bar__link" variant="bar" />
          <CrossBorderMenu />
        </nav>
        <div className="nav-bar__actions">
          <ThemeToggle />
          <div className={signedIn ? 'nav-bar__account' : 'nav-bar__account nav-bar__account--guest'}>
            <AccountLinks />
          </div>
        </div>
      </div>
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
    </header>
  );
}
