import { Link, useLocation } from 'react-router';
import { isNavActive, NAV_LINKS, STUDIO_TOOLS } from '../../config/paths';
import { useAccountInfo } from '../../entities/account/get-account-info';
import { FreeTrialTag } from '../../entities/plans/free-trial';
import { StudioMenu } from './studio-menu';

/**
 * The main links; the current one is highlighted and marked `aria-current`. Plain links, not NavLink:
 * 智能做图 is current on two routes, which NavLink's own matching would not know.
 */
export function NavLinks({
  className,
  onNavigate,
  variant,
}: {
  className: string;
  onNavigate?: () => void;
  /** The top bar opens 智能做图's tools in a menu; the drawer lists them as a group. */
  variant: 'bar' | 'drawer';
}) {
  const { pathname } = useLocation();
  // Only what is cached (the popover or a page loaded it): a VIP is not told 「免费试用」.
  const vip = (useAccountInfo({ noError: true, enabled: false }).data?.ConsumerLevel.length ?? 0) > 0;
  return (
    <>
      {NAV_LINKS.map((link) => {
        const active = isNavActive(link.match, pathname);
        if (link.key === 'image' && variant === 'bar')
          return <StudioMenu key={link.key} label={link.label} to={link.to} active={active} />;
        if (link.key === 'image')
          return (
            <div key={link.key}>
              <div className="mobile-drawer__section">{link.label}</div>
              {STUDIO_TOOLS.map((tool) => {
                const current = isNavActive([tool.to], pathname);
                return (
                  <Link
                    key={tool.key}
                    to={tool.to}
                    className={`${className} ${className}--nested${current ? ` ${className}--active` : ''}`}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    {tool.label}
                  </Link>
                );
              })}
            </div>
          );
        return (
          <Link
            key={link.key}
            to={link.to}
            className={`${className}${active ? ` ${className}--active` : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
            {'freeTrial' in link && !vip ? <FreeTrialTag className="nav-free-tag" /> : null}
          </Link>
        );
      })}
    </>
  );
}
