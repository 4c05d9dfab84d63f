import { CrownOutlined, DashboardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { type AccountInfo, UI } from '@chuhai/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAccountInfo } from '../../entities/account/get-account-info';
import { useLogout } from '../../entities/account/logout';
import { formatDate, greetingNow, maskPhone } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { useHoverOpen } from './use-hover-open';

/** The membership line: `VIP于YYYY-MM-DD到期` with 续费, or 开通VIP. */
function VipLine({ info, onDone }: { info: AccountInfo; onDone: () => void }) {
  const level = info.ConsumerLevel[0];
  if (level) {
    return (
      <div className="user-popover__vip">
        <span>
          <CrownOutlined className="user-popover__crown" /> VIP于{formatDate(level.levelEndAt)}到期
        </span>
        <Link to={paths.price.getHref()} className="btn btn--small" onClick={onDone}>
          续费
        </Link>
      </div>
    );
  }
  return (
    <div className="user-popover__vip">
      <span>普通用户</span>
      <Link to={paths.price.getHref()} className="btn btn--small btn--primary" onClick={onDone}>
        开通VIP
      </Link>
    </div>
  );
}

function PopoverBody({ onDone }: { onDone: () => void }) {
  const user = useAuthStore((s) => s.user);
  const info = useAccountInfo({ noError: true, fresh: true });
  const logout = useLogout();
  const nickname = info.data?.nickname ?? maskPhone(user?.username ?? '');
  let status: ReactNode;
  if (info.data) status = <VipLine info={info.data} onDone={onDone} />;
  else if (info.isError) status = <p className="user-popover__muted">账号信息暂时无法加载</p>;
  else status = <Skeleton rows={1} />;

  return (
    <div className="user-popover">
      <p className="user-popover__greeting">
        {greetingNow()}，<strong>{nickname}</strong>
      </p>
      {status}
      <nav className="user-popover__links" aria-label="账号">
        <Link to={paths.profile.getHref()} onClick={onDone}>
          <UserOutlined /> 个人中心
        </Link>
        {info.data?.role === 'admin' || info.data?.role === 'support' ? (
          <Link to={paths.admin.getHref()} onClick={onDone}>
            <DashboardOutlined /> 运营后台
          </Link>
        ) : null}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onDone();
            void logout();
          }}
        >
          <LogoutOutlined /> 退出登录
        </button>
      </nav>
    </div>
  );
}

function Skeleton({ rows }: { rows: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing but their place
        <span key={i} className="skeleton__line" />
      ))}
    </div>
  );
}

/**
 * The user block's hover popover (spec section 2, width 220): opens on hover or keyboard focus after
 * the menu delay, closes on leaving or Escape. The body mounts on first show, so the account info
 * loads then, once; while that load runs, showing it again starts no second load.
 */
export function UserPopover({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const { open, later, close, hover } = useHoverOpen(() => setShown(true));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal what the links inside offer
    <div className="hover-popover" {...hover} onFocus={() => later(true)}>
      {children}
      {shown ? (
        <div
          className={`popover-panel popover-panel--bottom-right${open ? ' popover-panel--open' : ''}`}
          style={{ width: UI.userPopoverWidth, zIndex: UI.zIndexBase }}
        >
          <PopoverBody onDone={close} />
        </div>
      ) : null}
    </div>
  );
}
