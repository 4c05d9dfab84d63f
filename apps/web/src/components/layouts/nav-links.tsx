import { NavLink, useLocation } from 'react-router';
import { isNavActive, NAV_LINKS } from '../../config/paths';

/** The main links; the current one is highlighted (and marked `aria-current` for screen readers). */
export function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      {NAV_LINKS.map((link) => {
        const active = isNavActive(link.match, pathname);
        return (
          <NavLink
            key={link.key}
            to={link.to}
            className={`${className}${active ? ` ${className}--active` : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            end
          >
            {link.label}
          </NavLink>
        );
      })}
    </>
  );
}
