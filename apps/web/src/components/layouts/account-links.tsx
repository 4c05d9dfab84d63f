import { GiftOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { maskPhone } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { UserPopover } from './user-popover';

/**
 * Logged out: 登录 and 注册. Logged in: 邀请有礼 and the user block, which goes to the personal
 * centre; in the bar it opens the account popover on hover (the drawer, on touch screens, has none).
 */
export function AccountLinks({
  onNavigate,
  stacked = false,
}: {
  onNavigate?: () => void;
  stacked?: boolean;
}) {
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const className = stacked ? 'account-links account-links--stacked' : 'account-links';

  const userBlock = (
    <Link to={paths.profile.getHref()} className="user-block" onClick={onNavigate} aria-label="个人中心">
      <span className="avatar" aria-hidden="true">
        <UserOutlined />
      </span>
      <span className="user-block__name">{maskPhone(user?.username ?? '')}</span>
    </Link>
  );

  if (!token) {
    return (
      <div className={className}>
        <Link to={paths.login.getHref()} className="btn btn--text" onClick={onNavigate}>
          登录
        </Link>
        <Link to={paths.register.getHref()} className="btn btn--primary" onClick={onNavigate}>
          注册
        </Link>
      </div>
    );
  }
  return (
    <div className={className}>
      <Link to={paths.invitat.getHref()} className="account-links__invite" onClick={onNavigate}>
        <GiftOutlined /> 邀请有礼
      </Link>
      {stacked ? userBlock : <UserPopover>{userBlock}</UserPopover>}
    </div>
  );
}
