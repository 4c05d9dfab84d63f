import { Link, useLocation } from 'react-router';
import { isNavActive, NAV_LINKS } from '../../config/paths';

/**
 * The main links; the current one is highlighted and marked `aria-current`. Plain links, not NavLink:
 * 智能做图 is current on two routes, which NavLink's own matching would not know.
 */
export function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      {NAV_LINKS.map((link) => {
        const active = isNavActive(link.match, pathname);
        return (
          <Link
            key={link.key}
            to={link.to}
            className={`${className}${active ? ` ${className}--active` : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        );
      })}
    </>
  );
}
