import { useLocation } from 'react-router';
import { isNavActive, NAV_LINKS, STUDIO_TOOLS } from '../../config/paths';
import { useAccountInfo } from '../../entities/account/get-account-info';
import { FreeTrialTag } from '../../entities/plans/free-trial';
import { CurrentLink } from '../ui/current-link';
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
              {STUDIO_TOOLS.map((tool) => (
                <CurrentLink
                  key={tool.key}
                  to={tool.to}
                  current={isNavActive([tool.to], pathname)}
                  className={`${className} ${className}--nested`}
                  currentClass={`${className}--active`}
                  onClick={onNavigate}
                >
                  {tool.label}
                </CurrentLink>
              ))}
            </div>
          );
        return (
          <CurrentLink
            key={link.key}
            to={link.to}
            current={active}
            className={className}
            currentClass={`${className}--active`}
            onClick={onNavigate}
          >
            {link.label}
            {'freeTrial' in link && !vip ? <FreeTrialTag className="nav-free-tag" /> : null}
          </CurrentLink>
        );
      })}
    </>
  );
}
