import { Alert, Button, Skeleton } from 'antd';
import { PageFrame } from '../../components/ui/page-frame';
import { SignedOutNotice } from '../../components/ui/sign-in-prompt';
import { useAccountInfo } from '../../entities/account/get-account-info';
import { useLogout } from '../../entities/account/logout';
import { AccountCard } from '../../features/account/components/account-card';
import { DevicesCard } from '../../features/account/components/devices-card';
import { MembershipCard } from '../../features/account/components/membership-card';
import { MyDataCard } from '../../features/account/components/my-data-card';
import { UsageCard } from '../../features/account/components/usage-card';
import { InviteSummaryCard } from '../../features/invite/components/invite-summary-card';
import { OrderListCard } from '../../features/order/components/order-list-card';
import { RedeemCard } from '../../features/redeem/components/redeem-card';
import { useAuthStore } from '../../stores/auth-store';

/** 个人中心: account, VIP status, today's usage per feature, devices, change password, log out. */
export default function ProfileScreen() {
  const token = useAuthStore((s) => s.token);
  const info = useAccountInfo();
  const logout = useLogout();

  if (!token) {
    return (
      <PageFrame title="个人中心">
        <SignedOutNotice title="登录后查看账号、会员和今日用量" />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="个人中心" lead="账号、会员和今日用量一目了然。">
      {info.data ? (
        <div className="profile-grid">
          <AccountCard info={info.data} onLogout={() => void logout()} />
          <MembershipCard info={info.data} />
          <RedeemCard className="profile-card" />
          <UsageCard info={info.data} />
          <DevicesCard />
          <InviteSummaryCard />
          <OrderListCard />
          <MyDataCard phone={info.data.username} />
        </div>
      ) : info.isError ? (
        <Alert
          type="error"
          showIcon
          title="账号信息加载失败"
          action={<Button onClick={() => void info.refetch()}>重试</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </PageFrame>
  );
}
