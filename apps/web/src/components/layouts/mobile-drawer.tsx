import { ExportOutlined } from '@ant-design/icons';
import { CROSS_BORDER_TOOLS } from '@chuhai/contract';
import { useEffect } from 'react';
import { AccountLinks } from './account-links';
import { NavLinks } from './nav-links';

/**
 * The phone-width slide-in drawer. It sits below the top bar, so the menu button stays reachable and
 * toggles it; the overlay, Escape and choosing a link close it.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      <div
        className={`mobile-drawer__overlay${open ? ' mobile-drawer__overlay--open' : ''}`}
        data-testid="drawer-overlay"
        onClick={onClose}
        aria-hidden="true"
      />
      <nav
        id="mobile-drawer"
        className={`mobile-drawer${open ? ' mobile-drawer--open' : ''}`}
        aria-label="手机导航"
        inert={!open}
      >
        <NavLinks className="mobile-drawer__link" onNavigate={onClose} variant="drawer" />
        <div className="mobile-drawer__section">跨境工具</div>
        {CROSS_BORDER_TOOLS.map((tool) => (
          <a
            key={tool.key}
            className="mobile-drawer__link"
            href={tool.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {tool.label} <ExportOutlined />
          </a>
        ))}
        <div className="mobile-drawer__account">
          <AccountLinks onNavigate={onClose} stacked />
        </div>
      </nav>
    </>
  );
}
