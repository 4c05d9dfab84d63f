import { CrownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { type AccountInfo, UI } from '@chuhai/contract';
import { Button, Popover, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAccountInfo } from '../../entities/account/get-account-info';
import { useLogout } from '../../entities/account/logout';
import { formatDate, greetingNow, maskPhone } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';

/** The membership line: `VIP于YYYY-MM-DD到期` with 续费, or 开通VIP. */
function VipLine({ info, onDone }: { info: AccountInfo; onDone: () => void }) {
  const level = info.ConsumerLevel[0];
  if (level) {
    return (
      <div className="user-popover__vip">
        <span>
          <CrownOutlined className="user-popover__crown" /> VIP于{formatDate(level.levelEndAt)}到期
        </span>
        <Link to={paths.price.getHref()} onClick={onDone}>
          <Button size="small">续费</Button>
        </Link>
      </div>
    );
  }
  return (
    <div className="user-popover__vip">
      <span>普通用户</span>
      <Link to={paths.price.getHref()} onClick={onDone}>
        <Button size="small" type="primary">
          开通VIP
        </Button>
      </Link>
    </div>
  );
}

function PopoverBody({ onDone }: { onDone: () => void }) {
  const user = useAuthStore((s) => s.user);
  const info = useAccountInfo({ noError: true });
  const logout = useLogout();
  const nickname = info.data?.nickname ?? maskPhone(user?.username ?? '');
  let status: ReactNode;
  if (info.data) status = <VipLine info={info.data} onDone={onDone} />;
  else if (info.isError) status = <p className="user-popover__muted">账号信息暂时无法加载</p>;
  else status = <Skeleton active title={false} paragraph={{ rows: 1, width: '100%' }} />;

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

/**
 * The user block's hover popover (spec section 2, width 220). The body mounts on first show, so the
 * account info loads then, once; while that load runs, showing it again starts no second load.
 */
export function UserPopover({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      trigger="hover"
      placement="bottomRight"
      mouseEnterDelay={UI.dropdownDelayMs / 1000}
      mouseLeaveDelay={UI.dropdownDelayMs / 1000}
      styles={{ container: { width: UI.userPopoverWidth } }}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setShown(true);
      }}
      content={
        shown ? (
          <PopoverBody onDone={() => setOpen(false)} />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        )
      }
    >
      {children}
    </Popover>
  );
}
